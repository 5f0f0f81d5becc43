# 飞行棋。座位参数（$player、$victim）是玩家名；$plane 是飞机编号 1–4（叠子取最小的），
# $count 是飞机数，$colour 是颜色名。中文没有复数形式，[1] 只区分单架飞机和叠子。

game-aeroplane = 飞行棋
rules-aeroplane =
    飞行棋，2–4 人。把自己的四架飞机全部从基地飞到中心。
    按“掷骰子”，然后选一架飞机。掷出偶数（见起飞设置）可以让飞机从基地起飞到起飞点。
    飞机顺时针前进；停在自己颜色的格子上会跳到下一个同色格，停在自己颜色的捷径格上会沿虚线飞越棋盘。
    停在对手的飞机上会把它们撞回基地；从上面飞过是安全的。
    掷出 6 可以再掷一次；连续第三次掷出 6，前两次 6 走过的飞机都要回基地，并结束本回合。
    停在自己的飞机上可以叠子；叠在一起的飞机一起移动。
    进入中心必须恰好掷中点数（或按设置退回多余的步数）。最先把四架飞机都飞到中心的玩家获胜；游戏继续，直到只剩一位玩家。

colour-0 = 红色
colour-1 = 黄色
colour-2 = 蓝色
colour-3 = 绿色
# 棋盘图上每个角落基地的标字。
aero-letter-0 = 红
aero-letter-1 = 黄
aero-letter-2 = 蓝
aero-letter-3 = 绿

setting-takeoff = 起飞点数
setting-takeoff-even = 偶数
setting-takeoff-six = 只有 6
setting-takeoff-five-six = 5 或 6
setting-centre = 进入中心
setting-centre-exact = 恰好点数
setting-centre-bounce = 多余步数退回
setting-fly-then-jump = 飞捷径后再跳
setting-fly-then-jump-off = 关
setting-fly-then-jump-on = 开（18 → 30 → 34）
setting-stacking = 叠子
setting-stacking-on = 开
setting-stacking-off = 关

btn-roll = 🎲 掷骰子
btn-stack = 叠子
btn-no-stack = 不叠

prompt-aero-roll = 请掷骰子。
prompt-aero-plane = 请选择一架飞机。

aero-empty-corner = { $colour }的角落空着。
aero-seat-colour = { $player } 执{ $colour }。
aero-rolled = { $player } 掷出了 { $roll }。
aero-took-off = { $player } 的 { $plane } 号飞机起飞，来到起飞点。
aero-moved = { $count ->
    [1] { $player } 的 { $plane } 号飞机
   *[other] { $player } 的 { $count } 架叠子（{ $plane } 号飞机）
}前进到第 { $step } 格。
aero-moved-column = { $count ->
    [1] { $player } 的 { $plane } 号飞机
   *[other] { $player } 的 { $count } 架叠子（{ $plane } 号飞机）
}进入终点跑道第 { $cell } 格。
aero-bounced = { $count ->
    [1] { $player } 的 { $plane } 号飞机
   *[other] { $player } 的 { $count } 架叠子（{ $plane } 号飞机）
}冲过中心，退回到终点跑道第 { $cell } 格。
aero-jumped = { $count ->
    [1] { $player } 的 { $plane } 号飞机
   *[other] { $player } 的 { $count } 架叠子（{ $plane } 号飞机）
}跳到第 { $step } 格。
aero-flew = { $count ->
    [1] { $player } 的 { $plane } 号飞机
   *[other] { $player } 的 { $count } 架叠子（{ $plane } 号飞机）
}飞捷径到第 { $step } 格。
aero-sent-home = { $player } 把 { $victim } 的 { $count } 架飞机撞回了基地。
aero-danger-cell = { $player } 飞过 { $victim } 的终点跑道，把其 { $count } 架飞机撞回了基地。
aero-stacked = { $player } 把 { $count } 架飞机叠在一起（{ $plane } 号飞机）。
aero-reached-centre = { $count ->
    [1] { $player } 的 { $plane } 号飞机到达中心！
   *[other] { $player } 的 { $count } 架叠子（{ $plane } 号飞机）到达中心！
}
aero-three-sixes = 连续三个 6！{ $count ->
    [0] { $player } 失去本回合。
   *[other] { $player } 用这几个 6 走过的 { $count } 架飞机回到基地。
}
aero-no-move = { $player } 无法使用点数 { $roll }。
aero-extra-roll = { $player } 再掷一次。
aero-finished = { $player } 的飞机全部到达中心，获得第 { $place } 名！
aero-resigned = { $player } 认输；其飞机离开棋盘。
