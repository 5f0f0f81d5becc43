# Tank Battle («Битка на танкове»). Seat arguments ($player, $opponent, $white, $black) arrive as
# display names; $from, $to and $square are square names such as g3; $kind is "tank" or
# "commander".

game-tank-battle = Tank Battle (Битка на танкове)
rules-tank-battle =
    Tank Battle, 2 players, 11 × 11 board. White (bottom-right base) moves first; each side has 13 tanks and a commander on its base.
    A tank moves like a chess queen: any distance straight or diagonally. It never jumps over tanks or mines (the black squares) and never enters a mine.
    The red centre (e5–g7) is for commanders only: ordinary tanks never enter or cross it; a commander there blocks the way and cannot be destroyed.
    Move onto an opponent's tank to destroy it. A tank that reaches the opponent's base must stay inside it.
    The game ends when all tanks of one side stand in the opponent's base (or a side has none), when the player to move cannot move, or after 100 moves without a capture or a base entry.
    Points: 3 for a commander on the opponent commander's corner, 2 for each tank in the opponent's base, 1 for each other tank. More points wins; equal points draw.

prompt-tb-move = Choose a tank, then where it goes.

tb-moved = { $player }: { $from } → { $to }.
tb-captured = { $kind ->
    [commander] { $player } destroys the commander of { $opponent } on { $square }!
   *[tank] { $player } destroys a tank of { $opponent } on { $square }.
}
tb-entered-base = { $player }'s tank enters the opponent's base on { $square }.
tb-commander-square = { $player }'s commander takes the opponent commander's square { $square } (3 points).
tb-over-all-in-base = All tanks of { $player } stand in the opponent's base: the game is over.
tb-over-no-tanks = { $player } has no tanks left: the game is over.
tb-over-no-move = { $player } has no legal move: the game is over.
tb-over-quiet = { $moves } moves without a capture or a base entry: the game is over.
tb-resigned = { $player } resigns.
tb-final-scores = Points: { $white } (White) { $white_points }, { $black } (Black) { $black_points }.
tb-winner = { $player } wins!
tb-draw = Equal points: a draw.
