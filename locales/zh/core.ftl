# Igroteka（游戏角）——对话引擎的消息（简体中文）。

help =
    Igroteka 在这个聊天里陪大家玩桌游。
    /play — 选择游戏（或 /play aeroplane、/play tank-battle）；在和我的私聊里，对手是电脑
    /join — 入座；/leave — 离开大厅
    /startgame — 人齐后开始
    /board — 再显示一次棋盘（私聊中显示你自己的视角）
    /move — 输入走法，例如 /move g1 g3
    /score — 计分表（有计分表的游戏）
    /nudge — 催促轮到的玩家（每小时一次）；/mygames — 你未完成的游戏
    /pause — 暂停计时（需全体同意），/resume 继续；/vacation N — 你的计时暂停 N 天
    /tz +3 — 你的时区：夜里不发提醒
    /resign — 认输；/cancel — 终止游戏（创建者或管理员）
    /rules [游戏] — 规则；/games — 全部游戏
    /lang — 语言：zh、en、pl、ru、uk、be、bg
    /boards edit|new — 只用一张棋盘原地更新（默认），或每回合发一张新棋盘
    /top [游戏] — 本群最佳玩家；/stats [名字] — 玩家战绩；/history — 最近的对局
    /replay [n] — 以动画重看一局（1 = 最近一局）
    /watch — 每步之后私信发送本局棋盘；/unwatch — 停止
    /undo — 请求悔棋：收回你的上一步（其他玩家在棋盘上同意）
    /threads on|off — 每局棋在自己的子区或论坛话题中进行（管理员）
unknown-command = 我不认识 /{ $command } 命令。请看 /help。
error-corrupt = 这局游戏的记录无法读取，已搁置。用 /play 开始新的一局吧。
error-internal = 抱歉，我这边出了点问题。用 /board 查看当前局面。
error-storage = 抱歉，没能保存。什么都没有改变——请再试一次。
press-raced = 有人抢先了：这个按钮已经过时。请看最新的棋盘。
press-stale = 这个按钮已经过时。请使用最新的棋盘消息（或 /board）。
press-stale-prompt = 这条提示已经过时，已被更新的提示取代。请使用你最新的私聊消息（或 /board）。
press-forged = 我不认识这个按钮。什么都没有改变。
press-not-yours = 这个按钮属于另一位玩家。
press-gone = 这局游戏已不存在。
press-over = 这局游戏已经结束。
not-a-player = 你没有参加这局游戏。
not-your-turn = 还没轮到你。
not-started = 游戏还没开始。
no-game-here = 这个聊天里没有游戏。用 /play 开一局吧。
move-impossible = 现在不能这样走。
move-usage = 按按钮上的标记输入走法，例如 /move g1 g3。
play-pick = 玩什么游戏？
play-unknown = 我不知道叫“{ $game }”的游戏。请看 /games。
play-planned = “{ $game }”即将推出。现在能玩的游戏请看 /games。
play-bad-setting = 这个设置不对：{ $error }。可用设置：{ $settings }。
play-busy = 这里已经有一局“{ $game }”在进行。用 /board 查看，或用 /cancel 终止。
lobby-title = 新游戏：{ $game }
lobby-players = 玩家（{ $count }/{ $seats }）：{ $players }
seats-either = { $some } 或 { $last }
lobby-hint = 按“加入”参加游戏；🤖 + 添加电脑玩家（简单、普通或困难）。人齐后任何玩家都可以按“开始”。
lobby-hint-solo = 用 🤖 + 添加电脑玩家（简单、普通或困难），然后按“开始”。
lobby-private-hello = 你已在“{ $game }”的牌桌入座。游戏开始后，你的秘密布置会发到这里，这个私聊中。
lobby-closed = 大厅已关闭：所有人都离开了。
btn-join = 加入
btn-leave = 离开
btn-start = 开始
btn-my-board = 👁 我的棋盘
btn-back = ⬅ 返回
join-done = 你已加入。
btn-add-computer = 🤖 + { $level }
btn-drop-computer = 🤖 −
btn-rematch = 🔁 再来一局
rematch-invite = 🔁 再来一局！{ $players }，按“加入”再玩一次。
rematch-done = 新的牌桌已开好。
rematch-players-only = 只有这局的玩家可以要求再来一局；用 /play 开新游戏。
top-title = 🏆 { $game }：本群最佳玩家
top-line = { $place }. { $player } — { $points }（{ $games } 局，胜 { $wins } 局）
top-computer = 🤖 电脑（{ $level }）
top-empty = 本群还没有下完的对局。用 /play 开始一局吧。
top-empty-game = 这里还没有下完的「{ $game }」对局。
top-hint = 每人从 1000 分起步；赢了强手得分更多。/stats — 玩家战绩，/history — 最近的对局。
top-computers-usage = /top computers off 让本群的 /top 不列出电脑玩家；/top computers on 重新列出。
top-computers-admins = 只有本群管理员可以更改这一设置。
top-computers-hidden = 本群的 /top 不再列出电脑玩家。
top-computers-shown = 本群的 /top 重新列出电脑玩家。
stats-title = 📊 { $player } 在本群
stats-line = { $game }：{ $games } 局，胜 { $wins } 局，平均名次 { $place }，最长连胜 { $streak }，等级分 { $points }
stats-none = { $player } 在本群还没有下完过对局。
stats-none-mentioned = 这位玩家在本群还没有下完过对局。
stats-unknown = 本群没有名叫「{ $name }」的玩家下完过对局。请用 /top 里显示的名字（Discord 上请选择玩家）。
stats-ambiguous = 有几位玩家符合「{ $name }」：{ $names }。请多输入几个字。
history-title = 📜 本群最近的对局
history-line = { $date } · { $game } · { $result }
btn-replay = ▶️ 回放
replay-caption = 🎬 { $game } · { $result } · 共 { $moves } 步
replay-coming = 回放正在生成。
replay-none = 本群还没有下完的对局，无可回放。用 /play 开一局吧。
replay-which = /replay N 回放 /history 中的一局：N 从 1（最近一局）到 { $count }。
replay-gone = 这局的记录已不在，无法回放。
replay-not-finished = 只有下完的对局才有回放。
replay-just-sent = 这局的回放刚刚有人要过，正在路上。
watch-on = 👁 { $player } 正在观战：每步之后棋盘会私信发给你。/unwatch 停止。
watch-already = { $player }，你已经在观战这局了。/unwatch 停止。
watch-player = 你是这局的玩家：你的棋盘就在这里（在与我的私聊中发 /board 可看你自己的视角）。
watch-full = 这局已有 { $count } 名观众，不能再多了。
watch-in-group = 请在对局所在的聊天中发送 /watch。
watch-off = 🙈 不再发送 { $game } 的棋盘。
watch-not-watching = 你没有在观战这局。/watch 开始。
watch-none = 你没有在观战任何对局。请在对局的聊天中发送 /watch。
watch-which = 要停止发送哪一局？
watch-caption = 👁 { $game }
watch-unreachable = { $player }，我还不能私信你。请先打开与我的私聊（Telegram：在私聊中点“开始”；Discord：允许来自本服务器的私信），然后再发送一次 /watch。
btn-unwatch = 🙈 停止观战
undo-asked = ↩️ { $player } 请求收回上一步。
undo-open = ↩️ 同意 { $player } 收回上一步吗？等待：{ $players }。
btn-undo-accept = ✅ 同意悔棋
btn-undo-refuse = ❌ 不同意
undo-ping = 🔔 { $players }：{ $player } 请求收回上一步。请在棋盘上回答。
undo-done = ↩️ { $player } 的上一步已收回。
undo-refused = ❌ { $decider } 不同意：{ $player } 的这一步保留。
undo-counted = 已同意。等待其他玩家。
undo-over = 这个请求已失效：对局已经继续。
undo-own = 是你提出的请求，由其他玩家决定。
undo-nothing = 你没有可以收回的一步。
undo-too-late = 之后已经有人走过了：只能在下一位玩家行动前收回你自己的上一步。
undo-revealed = 这一步揭开了秘密：不能收回。
undo-private = 秘密选择不能收回（布置阶段有自己的按钮可以修改）。
undo-pending = 已经有悔棋请求：请先在棋盘上回答。
undo-computer-refuses = 🤖 { $player } 不同意：本聊天的对局计入排名。（在与我的私聊中只对电脑时可以悔棋。）
history-draw = 平局：{ $players }
computer-name = 🤖 电脑 { $n }（{ $level }）
computer-added = 一位电脑玩家入座。
computer-dropped = 电脑玩家离开了。
level-easy = 简单
level-normal = 普通
level-strong = 困难
join-already = 你已经在这张牌桌上了。
join-full = 牌桌已满。
join-started = 游戏已经开始了。
leave-done = 你已离开。
leave-use-resign = 游戏正在进行：要认输请用 /resign。
setting-creator-only = 只有开设大厅的玩家才能修改设置。
setting-done = 设置已修改。
start-need-players = 这个游戏需要 { $seats } 名玩家。
start-failed = 游戏无法开始：{ $error }
start-done = 开始吧！
turn-prompt = { $player }，轮到你了：{ $prompt }
turn-computer = { $player } 正在思考……
turn-stand-in = 🤖 电脑正在替 { $player } 走这一步……
turn-stand-in-busy = 你的时间用完了，这一步由电脑替你走。下一步还是由你来走。
turn-waiting-private = 正在等待：{ $players }（在私聊中）。
prompt-choose = 请选择。
results-title = 🏁 游戏结束。
results-line = { $place }. { $player }
results-line-score = { $place }. { $player } — { $score }
games-title = 游戏：
games-line = { $id } — { $name }（{ $seats } 人）
rules-which = 哪个游戏？例如 /rules aeroplane。请看 /games。
cancel-not-allowed = 只有开局的玩家或聊天管理员才能终止游戏。
cancel-done = { $player } 终止了这局游戏。
resign-done = { $player } 认输。
game-left-to-computers = 只剩电脑玩家了，游戏到此结束，没有胜者。
board-none-private = 你没有正在进行的游戏。
lang-usage = 选择语言：/lang { $languages }
lang-done = 在这里我会说中文。
lang-name = 中文（简体）
lang-not-allowed = 在群组里，只有聊天管理员或这里那局游戏的创建者才能更改语言。
game-air-battle = 空战（Воздушный бой）
console-welcome = Igroteka 控制台。输入“as 名字 /命令”以用户身份操作，“press N”（或“as 名字 press N”）按第 N 个按钮，“help”查看更多，“quit”退出。

ping-turn = 🔔 { $players }：“{ $game }”轮到你了。
press-refreshed = 棋盘落后了；这是现在的局面。
private-unreachable = { $player }，我还不能给你发私信。请按下面的按钮来接收这局游戏的私信（在 Telegram 上它会打开我们的私聊：在那里按“开始”）。
btn-private-chat = 🔒 打开私聊

boards-usage = 这里的棋盘：{ $mode }。/boards edit 只保留一张棋盘，每步原地更新；/boards new 每回合发一张新棋盘，聊天里会留下整局的过程。
boards-new = 从现在起每回合都会在这里发一条新的棋盘消息；旧的保留，但不带按钮。
boards-edit = 从现在起这个聊天每局只有一张棋盘，原地更新。
score-title = 📋 计分表：{ $game }
score-none = 这个游戏没有计分表。
score-empty = （还没有记录）
score-earlier = …… 更早的 { $count } 条记录

# 计时（每个游戏的大厅里）。
setting-turn = 每步时限
setting-turn-5m = 5 分钟
setting-turn-15m = 15 分钟
setting-turn-1h = 1 小时
setting-turn-12h = 12 小时
setting-turn-24h = 24 小时
setting-turn-3d = 3 天
setting-turn-7d = 7 天
setting-turn-off = 不限时
setting-timeout = 超时后
setting-timeout-skip = 替该玩家走一步
setting-timeout-remove = 该玩家出局
setting-timeout-vote = 其他人投票：移除还是等待
setting-timeout-computer = 由电脑代走
setting-misses = 连续超时几次后移除
setting-misses-2 = 连续 2 次
setting-misses-3 = 连续 3 次
setting-misses-5 = 连续 5 次
setting-misses-never = 从不
clock-left = ⏳ { $players }：这一步还剩 { $left }。
clock-reminder-half = ⏰ { $player }，“{ $game }”轮到你了：还剩 { $left }。
clock-reminder-near = ⏰ { $player }，你在“{ $game }”的时间快用完了：还剩 { $left }。
clock-digest = ⏰ { $player }，有 { $count } 局游戏轮到你：
tz-is = 你的时区是 { $zone }：当地时间 { $from }:00 到 { $to }:00 不发提醒。/tz off 可以取消。
tz-none = 告诉我你的时区，夜里就不会收到提醒：/tz +3（或 /tz UTC-5、/tz +5:30）。
tz-set = 时区 { $zone }：当地时间 { $from }:00 到 { $to }:00 不发提醒。
tz-off = 已忘记你的时区：提醒随时都会发送。
tz-usage = 用 /tz 加上与 UTC 的时差，从 -12 到 +14：/tz +3、/tz UTC-5、/tz +5:30，或 /tz off。
clock-skipped = ⏰ { $player } 超时了：已替其走了这一步（已连续超时 { $misses } 次）。
clock-computer = ⏰ { $player } 超时了：🤖 电脑替其走这一步（已连续超时 { $misses } 次）。
clock-removed = ⏰ { $player } 超时了，被移出游戏。
clock-vote = ⏰ { $player } 超时了（已连续超时 { $misses } 次）。其他玩家来决定：把其移出游戏，还是再等等？
clock-waits = ⏰ { $player } 也超时了（已连续超时 { $misses } 次）：其一方的回合等待投票结果。
vote-open = 🗳 把 { $player } 移出游戏，还是等一等？{ $voters }：已投票 { $votes }/{ $of }。
btn-vote-remove = 移除 { $player }
btn-vote-wait = 等待
vote-counted = 你的票已记录。
vote-closed = 这次投票已经结束。
vote-yourself = 这次投票是关于你的：直接走棋，投票就结束了。
vote-removed = 🗳 玩家们投票决定：{ $player } 被移出游戏。
vote-wait = 🗳 玩家们投票决定等待：{ $player } 重新获得完整的思考时间。
nudge-yourself = 现在轮到你自己。
nudge-wait = 不到一小时前刚催促过轮到的玩家：请过{ $left }后再试。
mygames-title = 你的游戏：
mygames-none = 你没有未完成的游戏。
mygames-lobby = • { $game }：在大厅等待
mygames-yours = • { $game }：轮到你，还剩 { $left }
mygames-theirs = • { $game }：轮到 { $players }，还剩 { $left }
clock-paused = ⏸ 全体玩家同意：计时已暂停。/resume 可以重新开始。
clock-pause-asked = ⏸ { $player } 请求暂停计时（{ $votes }/{ $players }）。其他人：同意请发 /pause。
clock-resumed = ▶ 计时继续；这一步保留原来剩下的时间。
clock-stopped = ⏸ 计时已暂停（/resume）。
pause-already = 计时已经暂停了。/resume 可以重新开始。
resume-not-paused = 计时没有暂停。
vacation-set = 🏖 你所有游戏的计时暂停 { $days } 天（今年的假期还剩 { $left } 天）。/vacation off 可以提前结束。
vacation-on = 🏖 你正在休假（今年的假期还剩 { $days } 天）。/vacation off 可以结束。
vacation-status = 你今年还剩 { $days } 天假期：/vacation N 会让你所有游戏的计时暂停 N 天。
vacation-off = 假期结束：你的计时重新开始。
vacation-usage = 使用 /vacation N，N 从 1 到 { $days }（今年剩余天数），或 /vacation off。

# 时长（计时、提醒）。
duration-minutes = { $n }分钟
duration-hours = { $n }小时
duration-days = { $n }天
duration-pair = { $first }{ $second }

# 主人命令（/botstats、/abort、/maintenance）：只有机器人的主人在与机器人的私聊里看到；
# maintenance-refused 是维护模式开启时所有人看到的提示。
owner-private-only = 请在与我的私聊中使用这个命令。
owner-stats-title = Igroteka 概况
owner-stats-uptime = 已运行 { $time }。
owner-stats-tables = 未结束的牌桌 { $count } 张
owner-stats-game = { $game }：{ $counts }
owner-status-lobby = 召集玩家 { $count }
owner-status-setup = 布置中 { $count }
owner-status-playing = 对局中 { $count }
owner-stats-players = 本周玩家 { $count } 位
owner-stats-moves = 今天走了 { $count } 步
owner-stats-store = 磁盘上的数据：{ $mb } MB
owner-stats-store-unknown = 磁盘上的数据：存储无法给出大小。
owner-stats-maintenance-on = 维护模式已开启：不接受新对局。
owner-stats-maintenance-off = 维护模式已关闭。
owner-abort-usage = 哪一桌？请输入 /abort 和桌号，例如 /abort 42。
owner-abort-unknown = 没有第 { $table } 桌。
owner-abort-over = 第 { $table } 桌已经结束。
owner-abort-elsewhere = 第 { $table } 桌在 { $platform } 上进行：请在那里结束它。
owner-abort-done = 第 { $table } 桌（{ $game }）已结束；已通知玩家。
owner-aborted = { $players }：机器人的主人结束了这局{ $game }。抱歉打扰了！
owner-maintenance-usage = /maintenance on 不接受新对局（进行中的继续）；/maintenance off 重新接受。现在处于{ $state ->
    [on] 开启
   *[off] 关闭
}状态。
owner-maintenance-on = 维护模式已开启：不接受新对局，进行中的对局继续。
owner-maintenance-off = 维护模式已关闭：欢迎开始新对局。
maintenance-refused = 抱歉，现在不能开始新对局：机器人正在维护。进行中的对局照常继续——请稍后再试。

# 防滥用限制（bots/src/limits、src/app/caps.rs）。
limit-slow-down = 你操作得太快了，我跟不上：接下来几秒我会忽略你在这里发送的内容。什么都没有改变——请稍等片刻再继续。
limit-chat-busy = 这个群发来的操作太多，我跟不上：接下来几秒我会忽略其中一部分。什么都没有改变——请稍等片刻再继续。
limit-command-too-long = 这条命令太长了（最多 { $limit } 个字符）。什么都没有改变。
limit-move-too-long = 这步棋写得太长了（最多 { $limit } 个字符）：请写短一些，或使用按钮。什么都没有改变。
limit-lobbies = 你开设的等待中的游戏已达到每人上限（{ $count } 个）。请先开始或取消（/cancel）其中一个；/mygames 可以列出它们。
limit-tables = 这个群里进行中的游戏已达到上限（{ $count } 个）。请先下完或取消（/cancel）其中一个。

# A thread per game (/threads).
threads-groups-only = 子区是群组的设置：请在群组中发送 /threads。
threads-unsupported = 这里没有子区。
threads-are-on = 🧵 这里的每局棋都在自己的子区中进行（Telegram 中为论坛话题）。/threads off：对局直接在聊天中进行。
threads-are-off = 对局直接在聊天中进行。/threads on：每局棋开始时获得自己的子区（Telegram 中为论坛话题），这里可以同时进行多局。
threads-usage = 请使用 /threads on 或 /threads off（单独发送 /threads 查看设置）。
threads-admins = 只有本聊天的管理员可以更改。
threads-in-topic = 请在群组的综合话题中发送 /threads：这是整个群组的设置。
threads-on-telegram = 🧵 从现在起，这里的每局棋在开始时打开自己的话题并在其中进行；大厅和结果留在这里。需要开启话题功能，并给我“管理话题”的管理员权限。
threads-on-discord = 🧵 从现在起，这里的每局棋在开始时从大厅消息打开自己的子区并在其中进行；大厅和结果留在这里。我需要“创建公开子区”和“在子区中发送消息”权限。
threads-off = 对局重新直接在聊天中进行。已在自己子区中的对局继续在那里进行。
threads-opening = 🧵 已开始：对局正移到自己的子区……
threads-refused-telegram = ⚠️ 无法为这局棋打开话题（需要开启话题功能，并给我“管理话题”权限），所以就在这里进行。
threads-refused-discord = ⚠️ 无法为这局棋打开子区（我需要“创建公开子区”权限），所以就在这里进行。
