# Aeroplane Chess (飞行棋). Seat arguments ($player, $victim) are display names; $plane is a
# plane number 1-4 (a stack's lowest), $count a number of planes, $colour a translated colour.

game-aeroplane = Aeroplane Chess
rules-aeroplane =
    Aeroplane Chess, 2–4 players. Bring all four planes from your hangar to the centre.
    Press Roll, then pick a plane. An even roll (see the take-off setting) moves a plane from the hangar to the launch square.
    Planes move clockwise; landing on a square of your colour jumps to the next one, and your colour's shortcut square flies across the board.
    Landing on opponents sends them back to their hangar; passing over them is safe.
    A 6 gives another roll; a third 6 in a row sends the planes moved by the first two back home and ends the turn.
    Landing on your own plane may stack them; a stack moves as one.
    The centre needs an exact roll (or bounces back, by setting). First to bring all four home wins; play goes on until one player is left.

colour-0 = Red
colour-1 = Yellow
colour-2 = Blue
colour-3 = Green
# The letter on each corner's hangar in the board picture (colour is never the only cue).
aero-letter-0 = R
aero-letter-1 = Y
aero-letter-2 = B
aero-letter-3 = G

setting-takeoff = Take-off roll
setting-takeoff-even = even roll
setting-takeoff-six = 6 only
setting-takeoff-five-six = 5 or 6
setting-centre = Reaching the centre
setting-centre-exact = exact roll
setting-centre-bounce = bounce back the excess
setting-fly-then-jump = Jump after the shortcut
setting-fly-then-jump-off = off
setting-fly-then-jump-on = on (18 → 30 → 34)
setting-stacking = Stacking
setting-stacking-on = on
setting-stacking-off = off

btn-roll = 🎲 Roll
btn-stack = Stack
btn-no-stack = Don't stack

prompt-aero-roll = Roll the die.
prompt-aero-plane = Choose a plane.

aero-empty-corner = The { $colour } corner stays empty.
aero-seat-colour = { $player } plays { $colour }.
aero-rolled = { $player } rolled { $roll }.
aero-took-off = { $player }'s plane { $plane } takes off to the launch square.
aero-moved = { $count ->
    [one] { $player }'s plane { $plane } moves
   *[other] { $player }'s stack of { $count } (plane { $plane }) moves
} to step { $step }.
aero-moved-column = { $count ->
    [one] { $player }'s plane { $plane } moves
   *[other] { $player }'s stack of { $count } (plane { $plane }) moves
} to home-column cell { $cell }.
aero-bounced = { $count ->
    [one] { $player }'s plane { $plane } overshoots the centre and bounces back
   *[other] { $player }'s stack of { $count } (plane { $plane }) overshoots the centre and bounces back
} to home-column cell { $cell }.
aero-jumped = { $count ->
    [one] { $player }'s plane { $plane } jumps
   *[other] { $player }'s stack of { $count } (plane { $plane }) jumps
} to step { $step }.
aero-flew = { $count ->
    [one] { $player }'s plane { $plane } flies the shortcut
   *[other] { $player }'s stack of { $count } (plane { $plane }) flies the shortcut
} to step { $step }.
aero-sent-home = { $player } sends { $count ->
    [one] a plane
   *[other] { $count } planes
} of { $victim }'s back to the hangar.
aero-danger-cell = { $player } flies over { $victim }'s home column and sends { $count ->
    [one] a plane
   *[other] { $count } planes
} back to the hangar.
aero-stacked = { $player } stacks { $count } planes (plane { $plane }).
aero-reached-centre = { $count ->
    [one] { $player }'s plane { $plane } reaches the centre!
   *[other] { $player }'s stack of { $count } (plane { $plane }) reaches the centre!
}
aero-three-sixes = Three sixes! { $count ->
    [0] { $player } loses the turn.
    [one] { $player }'s plane moved by the sixes goes back to the hangar.
   *[other] { $player }'s { $count } planes moved by the sixes go back to the hangar.
}
aero-no-move = { $player } cannot use the { $roll }.
aero-extra-roll = { $player } rolls again.
aero-finished = { $player } brings all planes home and takes place { $place }!
aero-resigned = { $player } resigns; their planes leave the board.
