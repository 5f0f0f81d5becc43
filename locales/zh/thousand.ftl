# «Tysiąc na szachownicy»（棋盘上的一千分）。座位参数（$player）是玩家名；$colour 是译好的
# 角落（南、东、北、西）；$from、$over、$to 和 $square 是格子名，如 c3；$points 和终局各项
# 是带符号的文本（+20、−10；第一项和总分不带加号）；$cost、$pawns、$count、$bonus 和
# $rounds 是数字。

game-thousand = 棋盘上的一千分（Tysiąc na szachownicy）
rules-thousand =
    棋盘上的一千分，4 人（或 2 人：各占一条对角线，或各执两色）。每种颜色在自己角落的 3 × 3 起始区有 9 枚棋子，目标是对角的角落；走棋顺序为南、东、北、西。
    在起始区之外，棋子沿自己的斜线向前走一格，不能后退。在自己和对方的起始区内，棋子可以向 8 个方向自由移动；只能从出口格向前一步离开自己的起始区，而进入对方的起始区后就不能再离开。
    跳过其他玩家的棋子，落到它后面的空格上，还可以沿同一方向继续跳过更多棋子；每跳一次后都可以停下。不吃子。明明有棋子可以跳却走普通的一步，每枚这样的棋子罚 5 分（按钮上会提示）。
    每次走上中间带分值的交叉点（−40、+20、−10）都记入记分本（/score）。
    当某种颜色的 9 枚棋子全部进入对方起始区（+50；剩下的棋子因对方被困的棋子占满起始区而无法进入时也算）、谁都无法移动，或走满 100 轮时，游戏结束——这是通常的结局。
    计分：你的棋子所在的对方起始区格子的分值之和，减去你自己起始区仍有棋子的格子分值，每枚留在中间的棋子扣 5 分，再加上记分本。得分最高者获胜。

thousand-colour-0 = 南
thousand-colour-1 = 东
thousand-colour-2 = 北
thousand-colour-3 = 西

setting-two-players = 两人对局时
setting-two-players-diagonal = 各占一条对角线（南对北）
setting-two-players-pairs = 各执两色（南+东对北+西）

prompt-thousand-move = 选一枚棋子，再选它去哪里。
prompt-thousand-jump = 可以跳：现在走普通的一步，每枚本可以跳的棋子罚 5 分。
prompt-thousand-chain = 继续跳，或停在这里。
btn-thousand-stop = ✋ 停在这里
btn-thousand-charged = { $square }（−{ $cost }：{ $pawns } 枚棋子本可以跳）

thousand-seat-colour = { $player } 执{ $colour }，从 { $corner } 角出发。
thousand-stepped = { $player }（{ $colour }）：{ $from } → { $to }。
thousand-charged = { $player } 在有 { $pawns } 枚棋子可以跳的情况下走了普通的一步：记分本 −{ $cost }。
thousand-hopped = { $player }（{ $colour }）从 { $from } 跳过 { $over } 到 { $to }。
thousand-stopped = { $player }（{ $colour }）在 { $square } 停止跳跃。
thousand-crossing = { $player }（{ $colour }）走上 { $square }：记分本 { $points }。
thousand-entered = { $player }（{ $colour }）的一枚棋子在 { $square } 进入对方起始区（{ $count }/9）。
thousand-passed = { $player }（{ $colour }）无法移动，跳过。
thousand-finished = { $player }（{ $colour }）的九枚棋子全部进入对方起始区：+{ $bonus }，游戏结束。
thousand-finished-jammed = { $player }（{ $colour }）和对方被困的棋子一起占满了对方起始区：+{ $bonus }，游戏结束。
thousand-over-no-move = 谁都无法移动：游戏结束。
thousand-over-rounds = 已走满 { $rounds } 轮：游戏结束。
thousand-resigned = { $player } 认输。
thousand-final-title = 终局计分（对方区 + 己方区 + 中间 + 记分本 + 奖励）：
thousand-final-line = { $place }. { $player }：{ $opponent } { $own } { $middle } { $pad } { $bonus } = { $total }

thousand-sheet-turn = 步
thousand-sheet-who = 谁
thousand-sheet-square = 格
thousand-sheet-points = 分
thousand-sheet-charge = 未跳
thousand-sheet-total = 记分本
