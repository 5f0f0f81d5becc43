# «Tysiąc na szachownicy» (A Thousand on the Chessboard). Seat arguments ($player) arrive as
# display names; $colour is a translated corner (S, E, N, W); $from, $over, $to and $square are
# square names such as c3; $points and the final parts are text with their sign (+20, −10; the
# first part and the total have no plus); $cost, $pawns, $count, $bonus and $rounds are numbers.

game-thousand = A Thousand on the Chessboard (Tysiąc na szachownicy)
rules-thousand =
    A Thousand on the Chessboard, 4 players (or 2: one diagonal, or two colours each). Each colour has 9 pawns on its 3 × 3 corner field and heads for the opposite corner; turns go S, E, N, W.
    Outside the fields a pawn steps one square forward along its diagonal lane, never back. Inside its own and the opponent's field it moves freely in all 8 directions; it leaves its own field only forward from an exit square and never leaves the opponent's field.
    Jump over another player's pawn onto the free square behind it, and on over more in the same direction; stop after any hop. Nobody captures. Stepping while a pawn of yours could jump costs 5 points for each such pawn (the button says so).
    Every entry onto a valued crossing in the middle (−40, +20, −10) goes on the pad (/score).
    The game ends when a colour has all 9 pawns on the opponent's field (+50; also when the rest cannot get in because the opponent's stuck pawns fill it), when nobody can move, or after 100 rounds — the usual end.
    Score: the values of the opponent's field squares your pawns stand on, minus the values of your own field squares still occupied, −5 for each pawn in the middle, plus the pad. Most points wins.

thousand-colour-0 = S
thousand-colour-1 = E
thousand-colour-2 = N
thousand-colour-3 = W

setting-two-players = With two players
setting-two-players-diagonal = one diagonal (S v N)
setting-two-players-pairs = two colours each (S+E v N+W)

prompt-thousand-move = choose a pawn, then where it goes.
prompt-thousand-jump = a jump is possible: a step now costs 5 points for each pawn that could jump.
prompt-thousand-chain = jump on, or stop here.
btn-thousand-stop = ✋ Stop here
btn-thousand-charged = { $square } (−{ $cost }: { $pawns ->
    [one] 1 pawn
   *[other] { $pawns } pawns
} could jump)

thousand-seat-colour = { $player } plays { $colour }, from the { $corner } corner.
thousand-stepped = { $player } ({ $colour }): { $from } → { $to }.
thousand-charged = { $player } stepped although { $pawns ->
    [one] a pawn
   *[other] { $pawns } pawns
} could jump: −{ $cost } on the pad.
thousand-hopped = { $player } ({ $colour }) jumps { $from } → { $to } over { $over }.
thousand-stopped = { $player } ({ $colour }) stops the jump on { $square }.
thousand-crossing = { $player } ({ $colour }) enters { $square }: { $points } on the pad.
thousand-entered = A pawn of { $player } ({ $colour }) reaches the opponent's field on { $square } ({ $count } of 9).
thousand-passed = { $player } ({ $colour }) cannot move and passes.
thousand-finished = { $player } ({ $colour }) has all nine pawns on the opponent's field: +{ $bonus }, and the game is over.
thousand-finished-jammed = { $player } ({ $colour }) has filled the opponent's field with the opponent's pawns that cannot move: +{ $bonus }, and the game is over.
thousand-over-no-move = Nobody can move: the game is over.
thousand-over-rounds = { $rounds } rounds played: the game is over.
thousand-resigned = { $player } resigns.
thousand-final-title = Final scoring (opponent's field + own field + middle + pad + bonus):
thousand-final-line = { $place }. { $player }: { $opponent } { $own } { $middle } { $pad } { $bonus } = { $total }

thousand-sheet-turn = Turn
thousand-sheet-who = Who
thousand-sheet-square = Square
thousand-sheet-points = Pts
thousand-sheet-charge = no jump
thousand-sheet-total = pad
