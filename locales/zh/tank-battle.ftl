# «Битка на танкове»（坦克大战）。座位参数（$player、$opponent、$white、$black）是玩家名；
# $from、$to 和 $square 是格子名，如 g3；$kind 是 "tank" 或 "commander"。

game-tank-battle = 坦克大战（Битка на танкове）
rules-tank-battle =
    坦克大战，2 人，11 × 11 棋盘。白方（基地在右下角）先走；每方的基地里有 13 辆坦克和 1 辆指挥坦克。
    坦克像国际象棋的后一样走：沿直线或斜线走任意格数。不能越过坦克或地雷（黑格），也不能进入地雷格。
    红色的中央污染区（e5–g7）只供指挥坦克使用：普通坦克不能进入或穿过；指挥坦克在其中会挡路，且不会被消灭。
    走到对方坦克所在的格子即可将其消灭。到达对方基地的坦克必须留在基地内。
    当一方所有坦克都进入对方基地（或一方没有坦克了）、轮到的一方无棋可走，或连续 100 步既没有消灭坦克也没有进入基地时，游戏结束。
    得分：指挥坦克占据对方指挥坦克的角格得 3 分，每辆在对方基地内的坦克得 2 分，其他每辆坦克得 1 分。分高者胜；同分为平局。

prompt-tb-move = 选一辆坦克，再选它去哪里。

tb-moved = { $player }：{ $from } → { $to }。
tb-captured = { $kind ->
    [commander] { $player } 在 { $square } 消灭了 { $opponent } 的指挥坦克！
   *[tank] { $player } 在 { $square } 消灭了 { $opponent } 的一辆坦克。
}
tb-entered-base = { $player } 的坦克在 { $square } 进入对方基地。
tb-commander-square = { $player } 的指挥坦克占据了对方指挥坦克的格子 { $square }（3 分）。
tb-over-all-in-base = { $player } 的所有坦克都已进入对方基地：游戏结束。
tb-over-no-tanks = { $player } 没有坦克了：游戏结束。
tb-over-no-move = { $player } 无棋可走：游戏结束。
tb-over-quiet = 连续 { $moves } 步没有消灭坦克也没有进入基地：游戏结束。
tb-resigned = { $player } 认输。
tb-final-scores = 得分：{ $white }（白方）{ $white_points }，{ $black }（黑方）{ $black_points }。
tb-winner = { $player } 获胜！
tb-draw = 同分：平局。
