# «Идут танки» — Tanks Are Coming. Seat arguments ($player, $opponent, $owner, $red, $green)
# are display names; $from, $to, $node, $target, $mine are circle names (A3, C16, R1, G2);
# $rocket a rocket stand (r1-r3 Red's, g1-g3 Green's); $label, $from/$airfield (in flights)
# translated ids.

game-tanks = Tanks Are Coming (Идут танки)
rules-tanks =
    Tanks Are Coming, 2 players. Red (top) and Green (bottom) each drive 4 tanks down four crossing roads to the opponent's big circles.
    Set-up, in private: lay 4 mines on your own half and choose which of your 3 rocket stands carries «Ц-П» (hit). Mine labels (2 × «Т-Р» destroyed, «Л-П» stuck, «Н-С» dud) are dealt face down: nobody knows them.
    Your turn: one roll of the 1-3 die per tank that may act; after each roll one tank that has not moved drives exactly that far. Instead of a roll you may turn a tank around (not in two turns running).
    At a crossing a tank may turn onto the other road for one point. No jumping over tanks; driving onto an opponent's tank destroys it and ends the move.
    Stopping on a destroyed bridge: you skip a turn; if an opponent drives onto you there, both are out. An opponent's mine goes off under your tank: destroyed, stuck for a turn, or nothing. Your own mines are harmless to you.
    Instead of the whole turn, send a plane along the arc if an enemy tank stands under it: rockets are turned over in flight order, the first «Ц-П» shoots the plane down — the tank is still bombed if the plane passed it first.
    A tank on the opponent's big circle has arrived; you may then bring a destroyed tank back onto a free big circle of yours.
    Destroy all four enemy tanks to win at once. Otherwise, when no tank is left on the field (or after 120 turns without progress), more arrivals wins, then fewer planes lost.

setting-dice = Die
setting-dice-die = the 1-3 die
setting-dice-no-die = no die (distances 1-4)
setting-rockets = Rocket labels
setting-rockets-one-hit = one «Ц-П», two «П»
setting-rockets-two-hits = two «Ц-П», one «П»

btn-tanks-mine = 💣 Lay a mine
btn-tanks-remove = Lift a mine
btn-tanks-hit-on = «Ц-П» on…
btn-tanks-miss-on = «П» on…
btn-tanks-random = 🎲 Random set-up
btn-tanks-confirm = ✅ Ready
btn-tanks-turn = ↩ Turn around
btn-tanks-plane = ✈ Send a plane
btn-tanks-from-left = from the left airfield
btn-tanks-from-right = from the right airfield
btn-tanks-pass = Pass
btn-tanks-bring-back = Bring a tank back
btn-tanks-no-bring-back = Don't bring back
btn-tanks-keep = Keep the rockets

prompt-tanks-setup = Lay 4 mines on your half and place your rocket labels, then press Ready.
prompt-tanks-turn = Roll, turn a tank around, or send a plane.
prompt-tanks-pick = Choose the tank that drives this roll.
prompt-tanks-move = Choose a tank and a distance (or turn a tank around, or send a plane).
prompt-tanks-bring-back = Bring a destroyed tank back onto a free big circle?
prompt-tanks-rearrange = A plane turned your rockets over: keep them or re-arrange them.

tanks-label-hit = «Ц-П» (hit)
tanks-label-miss = «П» (miss)
tanks-airfield-left = the left airfield
tanks-airfield-right = the right airfield

tanks-mine-laid = Your mine lies on { $mine }.
tanks-mine-lifted = You lifted the mine from { $mine }.
tanks-rockets-set = Your rockets: { $rocket1 } { $label1 }, { $rocket2 } { $label2 }, { $rocket3 } { $label3 }.
tanks-ready = { $player } is ready.
tanks-labels-dealt = The mine labels are dealt face down. Red moves first.
tanks-rolled = { $player } rolled { $roll }.
tanks-roll-lost = No tank of { $player } can drive { $roll }: the roll is lost.
tanks-moved = { $player }: { $from } → { $to } ({ $distance }).
tanks-moved-turning = { $player }: { $from } → { $to } ({ $distance }), turning onto road { $road }.
tanks-turned-around = { $player } turns the tank on { $node } around.
tanks-captured = { $player } destroys { $opponent }'s tank on { $node }!
tanks-both-out = { $player }'s tank drives onto { $opponent }'s tank in the river at { $node }: both are out!
tanks-in-river = { $player }'s tank stops on the destroyed bridge { $node } and falls into the river: it skips a turn.
tanks-mine-kill = A mine of { $owner } on { $node }: «Т-Р» — { $player }'s tank is destroyed!
tanks-mine-stall = A mine of { $owner } on { $node }: «Л-П» — { $player }'s tank stops there and skips a turn.
tanks-mine-dud = A mine of { $owner } on { $node }: «Н-С» — it did not go off.
tanks-arrived = { $player }'s tank arrives at { $node }! Arrived: { $count }.
tanks-brought-back = { $player } brings a destroyed tank back onto { $node }.
tanks-not-brought-back = { $player } brings no tank back.
tanks-turn-passes = { $player } has nothing to do: the turn passes.
tanks-flight = { $player } sends a plane from { $from } against the tank on { $target }.
tanks-rocket-revealed = { $owner }'s rocket { $rocket }: { $label }.
tanks-shot-down = { $player }'s plane is shot down.
tanks-landed = { $player }'s plane lands on { $airfield }.
tanks-bombed = The tank of { $opponent } on { $node } is bombed!
tanks-spared = The tank on { $node } survives the raid.
tanks-rockets-ready = { $player }'s rockets stand face down again.
tanks-over-wipeout = All tanks of { $player } are destroyed: the game is over.
tanks-over-no-tanks = No tank is left on the field: the game is over.
tanks-over-guard = { $turns } turns without progress: the game is over.
tanks-resigned = { $player } resigns.
tanks-final = { $red }: { $red_arrivals } arrived, { $red_planes } planes lost. { $green }: { $green_arrivals } arrived, { $green_planes } planes lost.
tanks-winner = { $player } wins!
tanks-draw = A draw.
