# «Воздушный бой»（空战）。座位参数（$player）是玩家名；$side、$enemy 和 $winner 是译好的
# 阵营，$kind 是机种，$aa 是防空单位；$plane 和 $target 是飞机标记（B1–B6 轰炸机，F1–F10
# 战斗机）；$from、$to、$node 和 $unit 是节点名，如 e5；$arrows 是用箭头表示的动作；$turns
# 是数字。游戏名（game-air-battle）在 core.ftl 中。

rules-air-battle =
    空战，2 人（或 2 对 2：每方一名轰炸机指挥官和一名战斗机指挥官）。红方（南）先走，然后是绿方（北）。每方在两个机场上有 6 架轰炸机（B）和 10 架战斗机（F），角落里有指挥部，还有 12 个防空单位。飞机停在节点上，朝向四个方向之一。
    用轰炸机炸毁敌方指挥部，或消灭敌方空军（«Игрушка»：全部轰炸机和至少 8 架战斗机；«Аэрофото»：全部 16 架飞机）即获胜。连续 120 回合没有损失则为和局。
    «Игрушка»（玩具版）：每回合一架飞机完成一个动作组合，先转向，且都朝同一方向。轰炸机：↑↑、↺↺ / ↻↻，或转向一次再 ↑。战斗机：↑↑↑、转三次、转两次再 ↑，或转一次再 ↑↑。只能向正前方起飞。不能穿过其他飞机。敌方火箭发射架击落任何飞入其节点的飞机；高射炮击落任何不是从其背后飞来的飞机。
    «Аэрофото»（航拍版）：每回合移动一架战斗机（最多 3 个动作）和一架轰炸机（最多 2 个），顺序不限；一个动作是 ↑ 前进一步或 ↺ ↻ 转向；两者都可以跳过。防空单位向在其节点、其左方、上方和左上方节点（按其主人的视角）结束移动的飞机开火。
    空战：从侧面或尾部飞入敌机所在节点即可将其击落；迎头只有轰炸机能击落战斗机（«Игрушка»：停在机场上的飞机从任何方向都可击落）。只有轰炸机能轰炸，方法是飞入敌方指挥部。

setting-edition = 版本
setting-edition-toy = «Игрушка»（玩具版）
setting-edition-photo = «Аэрофото»（航拍版）

air-side-south = 红方
air-side-north = 绿方
air-kind-bomber = 轰炸机
air-kind-fighter = 战斗机
air-aa-rocket = 火箭发射架
air-aa-gun = 高射炮

prompt-air-toy = 选一架飞机，再选动作，然后确认。
prompt-air-photo = 选一架飞机，逐个选择动作（↑ 前进，↺ ↻ 转向），然后按“完成”——或跳过。
prompt-air-toy-bomber = 选一架轰炸机（B），再选动作，然后确认。
prompt-air-toy-fighter = 选一架战斗机（F），再选动作，然后确认。
prompt-air-photo-bomber = 选一架轰炸机（B），逐个选择动作（↑ 前进，↺ ↻ 转向），然后按“完成”——或跳过。
prompt-air-photo-fighter = 选一架战斗机（F），逐个选择动作（↑ 前进，↺ ↻ 转向），然后按“完成”——或跳过。
btn-air-operation = { $arrows }
btn-air-motion = { $arrow }
btn-air-confirm = ✅ 确认
btn-air-done = ✅ 完成
btn-air-pass-bomber = 轰炸机跳过
btn-air-pass-fighter = 战斗机跳过

air-flew = { $player }（{ $side }）：{ $plane } { $arrows } { $from } → { $to }。
air-turned = { $player }（{ $side }）：{ $plane } 在 { $node } { $arrows }。
air-shot-down = { $plane }（{ $side }）在 { $node } 击落了 { $target }（{ $enemy }）。
air-aa-hit = { $plane }（{ $side }）在 { $node } 被 { $unit } 的{ $aa }击落。
air-bombed = { $plane }（{ $side }）轰炸了敌方指挥部（{ $enemy }）：{ $side }获胜！
air-passed = { $player }（{ $side }）的{ $kind }跳过。
air-cannot-move = { $side }无法行动，跳过。
air-over-air-force = { $side }的空军被消灭：{ $winner }获胜。
air-over-both = 双方空军在同一步中被消灭：走这一步的{ $winner }获胜。
air-over-draw = 连续 { $turns } 回合没有损失：和局。
air-resigned = { $player } 代表{ $side }认输。
