# «Воздушный бой» (Air Battle). Seat arguments ($player) arrive as display names; $side,
# $enemy and $winner are translated sides, $kind a translated kind of aircraft, $aa a translated
# AA unit; $plane and $target are aircraft labels (B1–B6 bombers, F1–F10 fighters); $from, $to,
# $node and $unit are node names such as e5; $arrows are the motions as arrows; $turns a number.
# The game's name (game-air-battle) is in core.ftl.

rules-air-battle =
    Air Battle, 2 players (or 2 against 2: a bomber and a fighter commander per side). Red (South) moves first, then Green (North). Each side has 6 bombers (B) and 10 fighters (F) on two airfields, a headquarters in a corner and 12 AA units. Aircraft stand on nodes and face one of four ways.
    Win by bombing the enemy headquarters with a bomber, or by destroying the enemy air force (Toy: every bomber and at least 8 fighters; Aerophoto: all 16 aircraft). 120 turns in a row without a loss: a draw.
    Toy: a turn moves one aircraft by one operation, turns first, all the same way. Bomber: ↑↑, ↺↺ / ↻↻, or a turn and ↑. Fighter: ↑↑↑, three turns, two turns and ↑, or a turn and ↑↑. Take-off is straight ahead only. Never through an aircraft. Enemy rocket launchers shoot down anything entering their node; guns anything not coming from their rear.
    Aerophoto: a turn moves one fighter (up to 3 motions) and one bomber (up to 2), in either order; a motion is ↑ a step or ↺ ↻ a turn; either may pass. AA fires on its node and on the nodes to its left, above and above-left (as its owner sees the board) at an aircraft ending its move there.
    Combat: arrive on an enemy's node from its side or tail to shoot it down; head-on only a bomber against a fighter (Toy: parked aircraft from any side). Only bombers bomb, by arriving on the enemy headquarters.

setting-edition = Edition
setting-edition-toy = «Игрушка» (Toy)
setting-edition-photo = «Аэрофото» (Aerophoto)

air-side-south = Red
air-side-north = Green
air-kind-bomber = bombers
air-kind-fighter = fighters
air-aa-rocket = rocket launcher
air-aa-gun = AA gun

prompt-air-toy = choose an aircraft, then its operation, then confirm.
prompt-air-photo = choose an aircraft and its motions one by one (↑ step, ↺ ↻ turn), then done — or pass.
prompt-air-toy-bomber = choose a bomber (B), then its operation, then confirm.
prompt-air-toy-fighter = choose a fighter (F), then its operation, then confirm.
prompt-air-photo-bomber = choose a bomber (B) and its motions one by one (↑ step, ↺ ↻ turn), then done — or pass.
prompt-air-photo-fighter = choose a fighter (F) and its motions one by one (↑ step, ↺ ↻ turn), then done — or pass.
btn-air-operation = { $arrows }
btn-air-motion = { $arrow }
btn-air-confirm = ✅ Confirm
btn-air-done = ✅ Done
btn-air-pass-bomber = Pass with the bombers
btn-air-pass-fighter = Pass with the fighters

air-flew = { $player } ({ $side }): { $plane } { $arrows } { $from } → { $to }.
air-turned = { $player } ({ $side }): { $plane } { $arrows } on { $node }.
air-shot-down = { $plane } ({ $side }) shoots down { $target } ({ $enemy }) on { $node }.
air-aa-hit = { $plane } ({ $side }) is shot down on { $node } by the { $aa } on { $unit }.
air-bombed = { $plane } ({ $side }) bombs the { $enemy } headquarters: { $side } wins!
air-passed = { $player } ({ $side }) passes with the { $kind }.
air-cannot-move = { $side } cannot move and passes.
air-over-air-force = The { $side } air force is destroyed: { $winner } wins.
air-over-both = Both air forces are destroyed in one move: { $winner }, who moved, wins.
air-over-draw = { $turns } turns in a row without a loss: the game is drawn.
air-resigned = { $player } resigns for { $side }.
