# «Идут танки»（坦克来了）。座位参数（$player、$opponent、$owner、$red、$green）是玩家名；
# $from、$to、$node、$target、$mine 是圆圈名（A3、C16、R1、G2）；$rocket 是火箭发射架（红方
# r1-r3，绿方 g1-g3）；$label、$from/$airfield（飞行中）是译好的标识。

game-tanks = 坦克来了（Идут танки）
rules-tanks =
    坦克来了，2 人。红方（上）和绿方（下）各把 4 辆坦克沿四条交叉的道路开向对方的大圆圈。
    布置（在私聊中）：在自己的半场布下 4 颗地雷，并选定自己 3 个火箭发射架中哪一个标有 «Ц-П»（命中）。地雷的标记（2 × «Т-Р» 摧毁、«Л-П» 停驶、«Н-С» 哑雷）背面朝上发放：谁也不知道。
    你的回合：每辆能行动的坦克掷一次 1-3 骰子；每掷一次，一辆还没动过的坦克恰好前进那么多圈。也可以不掷，而把一辆坦克掉头（不能连续两个回合掉头）。
    在路口坦克可以花一点拐上另一条路。不能越过坦克；开到对方坦克上会将其摧毁，并结束这次移动。
    停在被炸毁的桥上：你停一回合；如果对方开到你身上，两辆都出局。对方的地雷在你的坦克下爆炸：被摧毁、停一回合，或什么都没发生。自己的地雷对自己无害。
    可以用整个回合沿航线派出一架飞机，只要航线下有敌方坦克：按飞行顺序翻开火箭标记，第一个 «Ц-П» 击落飞机——但如果飞机已经飞过坦克，坦克仍会被炸毁。
    开到对方大圆圈上的坦克算到达；这时你可以把一辆被摧毁的坦克放回自己一方空着的大圆圈。
    摧毁对方全部四辆坦克立即获胜。否则，当场上没有坦克（或连续 120 回合没有进展）时，到达多者胜，其次是损失飞机少者胜。

setting-dice = 骰子
setting-dice-die = 1-3 骰子
setting-dice-no-die = 不用骰子（距离 1-4）
setting-rockets = 火箭标记
setting-rockets-one-hit = 一个 «Ц-П»，两个 «П»
setting-rockets-two-hits = 两个 «Ц-П»，一个 «П»

btn-tanks-mine = 💣 布雷
btn-tanks-remove = 起雷
btn-tanks-hit-on = «Ц-П» 放在……
btn-tanks-miss-on = «П» 放在……
btn-tanks-random = 🎲 随机布置
btn-tanks-confirm = ✅ 准备好了
btn-tanks-turn = ↩ 掉头
btn-tanks-plane = ✈ 派出飞机
btn-tanks-from-left = 从左边机场
btn-tanks-from-right = 从右边机场
btn-tanks-pass = 跳过
btn-tanks-bring-back = 放回坦克
btn-tanks-no-bring-back = 不放回
btn-tanks-keep = 保持火箭不变

prompt-tanks-setup = 在你的半场布下 4 颗地雷并放好火箭标记，然后按“准备好了”。
prompt-tanks-turn = 掷骰子、把坦克掉头，或派出飞机。
prompt-tanks-pick = 选一辆坦克走这次掷出的点数。
prompt-tanks-move = 选一辆坦克和距离（或把坦克掉头，或派出飞机）。
prompt-tanks-bring-back = 要把一辆被摧毁的坦克放回空着的大圆圈吗？
prompt-tanks-rearrange = 飞机翻开了你的火箭：保持不变还是重新布置？

tanks-label-hit = «Ц-П»（命中）
tanks-label-miss = «П»（未中）
tanks-airfield-left = 左边机场
tanks-airfield-right = 右边机场

tanks-mine-laid = 你的地雷布在 { $mine }。
tanks-mine-lifted = 你起走了 { $mine } 的地雷。
tanks-rockets-set = 你的火箭：{ $rocket1 } { $label1 }，{ $rocket2 } { $label2 }，{ $rocket3 } { $label3 }。
tanks-ready = { $player } 准备好了。
tanks-labels-dealt = 地雷标记已背面朝上发放。红方先走。
tanks-rolled = { $player } 掷出了 { $roll }。
tanks-roll-lost = { $player } 没有坦克能走 { $roll } 格：这次掷骰作废。
tanks-moved = { $player }：{ $from } → { $to }（{ $distance }）。
tanks-moved-turning = { $player }：{ $from } → { $to }（{ $distance }），拐上 { $road } 号路。
tanks-turned-around = { $player } 把 { $node } 上的坦克掉头。
tanks-captured = { $player } 在 { $node } 摧毁了 { $opponent } 的坦克！
tanks-both-out = { $player } 的坦克在 { $node } 的河里撞上 { $opponent } 的坦克：两辆都出局！
tanks-in-river = { $player } 的坦克停在被炸毁的桥 { $node } 上，掉进了河里：停一回合。
tanks-mine-kill = { $owner } 在 { $node } 的地雷：«Т-Р»——{ $player } 的坦克被摧毁！
tanks-mine-stall = { $owner } 在 { $node } 的地雷：«Л-П»——{ $player } 的坦克停在那里，停一回合。
tanks-mine-dud = { $owner } 在 { $node } 的地雷：«Н-С»——没有爆炸。
tanks-arrived = { $player } 的坦克到达 { $node }！已到达：{ $count }。
tanks-brought-back = { $player } 把一辆被摧毁的坦克放回 { $node }。
tanks-not-brought-back = { $player } 没有放回坦克。
tanks-turn-passes = { $player } 无事可做：轮到下一位。
tanks-flight = { $player } 从{ $from }派出飞机，攻击 { $target } 上的坦克。
tanks-rocket-revealed = { $owner } 的火箭 { $rocket }：{ $label }。
tanks-shot-down = { $player } 的飞机被击落。
tanks-landed = { $player } 的飞机降落在{ $airfield }。
tanks-bombed = { $opponent } 在 { $node } 的坦克被炸毁！
tanks-spared = { $node } 上的坦克在空袭中幸存。
tanks-rockets-ready = { $player } 的火箭又背面朝上了。
tanks-over-wipeout = { $player } 的坦克全部被摧毁：游戏结束。
tanks-over-no-tanks = 场上没有坦克了：游戏结束。
tanks-over-guard = 连续 { $turns } 回合没有进展：游戏结束。
tanks-resigned = { $player } 认输。
tanks-final = { $red }：到达 { $red_arrivals }，损失飞机 { $red_planes }。{ $green }：到达 { $green_arrivals }，损失飞机 { $green_planes }。
tanks-winner = { $player } 获胜！
tanks-draw = 平局。
