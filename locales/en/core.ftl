# Igroteka — the conversation engine's messages (English).

help =
    Igroteka plays board games in this chat.
    /play — pick a game (or /play aeroplane, /play tank-battle); in a private chat with me, against computer players
    /join — take a seat; /leave — leave the lobby
    /startgame — start when everyone has joined
    /board — show the board again (in a private chat: your own view)
    /move — type a move, e.g. /move g1 g3
    /score — the score sheet, in games that keep one
    /nudge — remind the player to move (once an hour); /mygames — your unfinished games
    /pause — stop the clock (all players agree), /resume; /vacation N — your clock stops for N days
    /tz +3 — your time zone: no reminders at night
    /resign — give up; /cancel — stop the game (its creator or an admin)
    /rules [game] — the rules; /games — all games
    /lang — language: en, pl, ru, uk, be, bg, zh
    /boards edit|new — one board edited in place (default), or a new board every turn
    /top [game] — the best players here; /stats [name] — a record; /history — the last games
    /replay [n] — a finished game again, as an animation (1 = the last)
    /watch — this game's board privately after every move; /unwatch — stop
    /undo — ask to take back your last move (the others accept on the board)
    /threads on|off — each game in its own thread or forum topic (admins)
unknown-command = I don't know /{ $command }. See /help.
error-corrupt = This game's record could not be read, so it was set aside. Start a new one with /play.
error-internal = Sorry, something went wrong on my side. Use /board to see the game as it stands.
error-storage = Sorry, I could not save that. Nothing changed — please try again.
press-raced = Someone was faster: that button is out of date. Look at the newest board.
press-stale = This button is out of date. Use the newest board message (or /board).
press-stale-prompt = This prompt is out of date: a newer one has replaced it. Use your newest private message (or /board).
press-forged = That button is not one I recognise. Nothing changed.
press-not-yours = That button belongs to another player.
press-gone = That game no longer exists.
press-over = That game is over.
not-a-player = You are not playing in this game.
not-your-turn = It is not your turn.
not-started = The game has not started yet.
no-game-here = There is no game in this chat. Start one with /play.
move-impossible = That move is not possible now.
move-usage = Type the labels of your move as shown on the buttons, e.g. /move g1 g3.
play-pick = Which game shall we play?
play-unknown = I don't know a game called “{ $game }”. See /games.
play-planned = “{ $game }” is coming soon. See /games for what can be played now.
play-bad-setting = That setting is not right: { $error }. Settings: { $settings }.
play-busy = A game of { $game } is already running here. Use /board to see it, or /cancel.
lobby-title = New game: { $game }
lobby-players = Players ({ $count } of { $seats }): { $players }
seats-either = { $some } or { $last }
lobby-hint = Press Join to play; 🤖 + adds a computer player (easy, normal or strong). Any player presses Start when everyone is in.
lobby-hint-solo = Add computer players with 🤖 + (easy, normal or strong), then press Start.
lobby-private-hello = You are at the table for { $game }. Your secret set-up will come here, in this private chat, when the game starts.
lobby-closed = The lobby is closed: everyone left.
btn-join = Join
btn-leave = Leave
btn-start = Start
btn-my-board = 👁 My board
btn-back = ⬅ Back
join-done = You have joined.
btn-add-computer = 🤖 + { $level }
btn-drop-computer = 🤖 −
btn-rematch = 🔁 Rematch
rematch-invite = 🔁 Rematch! { $players }, press Join to play again.
rematch-done = A new lobby is open.
rematch-players-only = Only the game's players can ask for a rematch; /play opens a new game.
top-title = 🏆 { $game }: the best players here
top-line = { $place }. { $player } — { $points } ({ $games ->
    [one] 1 game
   *[other] { $games } games
}, { $wins ->
    [one] 1 win
   *[other] { $wins } wins
})
top-computer = 🤖 Computer ({ $level })
top-empty = No game has been finished in this chat yet. Start one with /play.
top-empty-game = No game of { $game } has been finished here yet.
top-hint = Everyone starts at 1000; beating stronger players earns more. /stats — a player's record, /history — the last games.
top-computers-usage = /top computers off leaves computer players out of /top here; /top computers on lists them again.
top-computers-admins = Only an admin of this chat can change that.
top-computers-hidden = Computer players are now left out of /top here.
top-computers-shown = Computer players are listed in /top here again.
stats-title = 📊 { $player } in this chat
stats-line = { $game }: { $games } played, { $wins } won, average place { $place }, best streak { $streak }, rating { $points }
stats-none = { $player } has not finished a game in this chat yet.
stats-none-mentioned = That player has not finished a game in this chat yet.
stats-unknown = Nobody called “{ $name }” has finished a game in this chat. Use the name shown in /top (on Discord, pick the player).
stats-ambiguous = Several players here match “{ $name }”: { $names }. Type more of the name.
history-title = 📜 The last games in this chat
history-line = { $date } · { $game } · { $result }
btn-replay = ▶️ Replay
replay-caption = 🎬 { $game } · { $result } · moves: { $moves }
replay-coming = The replay is on its way.
replay-none = No game has been finished in this chat yet: nothing to replay. Start one with /play.
replay-which = /replay N replays a game of /history: N from 1 (the last) to { $count }.
replay-gone = That game's record is gone, so it has no replay.
replay-not-finished = Only a game played to its end has a replay.
replay-just-sent = That replay was asked for a moment ago: it is on its way.
watch-on = 👁 { $player } is watching: the board comes privately after every move. /unwatch stops it.
watch-already = { $player }, you are already watching this game. /unwatch stops it.
watch-player = You play in this game: your board is here (and /board in our private chat shows your own view).
watch-full = This game already has { $count } spectators, the most it can have.
watch-in-group = Send /watch in the chat where the game is played.
watch-off = 🙈 You no longer get the boards of { $game }.
watch-not-watching = You are not watching this game. /watch starts.
watch-none = You are not watching any game. Send /watch in a game's chat.
watch-which = Which game should I stop sending?
watch-caption = 👁 { $game }
watch-unreachable = { $player }, I can't message you privately yet. Open a private chat with me (on Telegram press Start there; on Discord allow direct messages from this server), then send /watch again.
btn-unwatch = 🙈 Stop watching
undo-asked = ↩️ { $player } asks to take back their last move.
undo-open = ↩️ Take back { $player }'s last move? Waiting for: { $players }.
btn-undo-accept = ✅ Take it back
btn-undo-refuse = ❌ Keep it
undo-ping = 🔔 { $players }: { $player } asks to take back their last move. Answer on the board.
undo-done = ↩️ { $player }'s last move is taken back.
undo-refused = ❌ { $decider } said no: { $player }'s move stands.
undo-counted = Accepted. Waiting for the others.
undo-over = That request is over: the game has moved on.
undo-own = You asked: the others decide.
undo-nothing = You have no move to take back.
undo-too-late = Someone has moved since: only your last move can be taken back, before the next player acts.
undo-revealed = That move turned a secret over: it cannot be taken back.
undo-private = A secret choice cannot be taken back (the set-up has its own buttons to change it).
undo-pending = A take-back is already asked: answer it on the board first.
undo-computer-refuses = 🤖 { $player } says no: games in this chat count for its ratings. (In a private chat with me, against computers alone, take-backs are allowed.)
history-draw = draw: { $players }
computer-name = 🤖 Computer { $n } ({ $level })
computer-added = A computer player sits down.
computer-dropped = The computer player leaves.
level-easy = easy
level-normal = normal
level-strong = strong
join-already = You are already at this table.
join-full = The table is full.
join-started = The game has already started.
leave-done = You have left.
leave-use-resign = The game is running: use /resign to give up.
setting-creator-only = Only the player who opened the lobby changes settings.
setting-done = Setting changed.
start-need-players = This game needs { $seats } players.
start-failed = The game could not start: { $error }
start-done = Let's play!
turn-prompt = { $player }, your turn: { $prompt }
turn-computer = { $player } is thinking…
turn-stand-in = 🤖 A computer plays { $player }'s turn…
turn-stand-in-busy = A computer is playing this turn for you, since your time ran out. Your next turn is yours again.
turn-waiting-private = Waiting for { $players } (in private messages).
prompt-choose = choose.
results-title = 🏁 Game over.
results-line = { $place }. { $player }
results-line-score = { $place }. { $player } — { $score }
games-title = Games:
games-line = { $id } — { $name } ({ $seats } players)
rules-which = Which game? /rules aeroplane, for example. See /games.
cancel-not-allowed = Only the player who started the game or a chat admin can cancel it.
cancel-done = The game was cancelled by { $player }.
resign-done = { $player } resigns.
game-left-to-computers = Only computer players are left, so the game ends here, without a winner.
board-none-private = You have no running games.
lang-usage = Choose a language: /lang { $languages }
lang-done = I will speak English here.
lang-name = English
lang-not-allowed = In a group, only a chat admin or the creator of the game here changes the language.
game-air-battle = Air Battle (Воздушный бой)
console-welcome = Igroteka console. Type “as NAME /command” to act as a user, “press N” (or “as NAME press N”) to press button N, “help” for more, “quit” to leave.

ping-turn = 🔔 { $players }: your move in { $game }.
press-refreshed = The board was behind; here it is as it stands now.
private-unreachable = { $player }, I can't message you privately yet. Press the button below to get your private messages for this game (on Telegram it opens our private chat: press Start there).
btn-private-chat = 🔒 Open private chat

boards-usage = Boards here: { $mode }. /boards edit keeps one board, edited in place for every move; /boards new sends a new board every turn, so the chat keeps the game's history.
boards-new = From now on every turn gets a new board message here; the older ones stay, without buttons.
boards-edit = From now on this chat keeps one board per game, edited in place.
score-title = 📋 Score sheet: { $game }
score-none = This game keeps no score sheet.
score-empty = (nothing written yet)
score-earlier = … { $count } earlier entries

# Turn clocks (every game's lobby).
setting-turn = Turn time
setting-turn-5m = 5 min
setting-turn-15m = 15 min
setting-turn-1h = 1 hour
setting-turn-12h = 12 hours
setting-turn-24h = 24 hours
setting-turn-3d = 3 days
setting-turn-7d = 7 days
setting-turn-off = no limit
setting-timeout = Out of time
setting-timeout-skip = the turn is played for them
setting-timeout-remove = the player is removed
setting-timeout-vote = the others vote: remove or wait
setting-timeout-computer = a computer moves for them
setting-misses = Removed after missed turns
setting-misses-2 = 2 in a row
setting-misses-3 = 3 in a row
setting-misses-5 = 5 in a row
setting-misses-never = never
clock-left = ⏳ { $players }: { $left } to move.
clock-reminder-half = ⏰ { $player }, it is your move in { $game }: { $left } left.
clock-reminder-near = ⏰ { $player }, your time in { $game } is nearly up: { $left } left.
clock-digest = ⏰ { $player }, it is your move in { $count } games:
tz-is = Your time zone is { $zone }: no reminders from { $from }:00 to { $to }:00 there. /tz off forgets it.
tz-none = Tell me your time zone and no reminder will come at night: /tz +3 (or /tz UTC-5, /tz +5:30).
tz-set = Time zone { $zone }: no reminders from { $from }:00 to { $to }:00 there.
tz-off = Your time zone is forgotten: reminders come at any hour.
tz-usage = Use /tz with an offset from UTC, from -12 to +14: /tz +3, /tz UTC-5, /tz +5:30, or /tz off.
clock-skipped = ⏰ { $player } ran out of time: the turn was played for them ({ $misses } missed in a row).
clock-computer = ⏰ { $player } ran out of time: 🤖 a computer plays the turn for them ({ $misses } missed in a row).
clock-removed = ⏰ { $player } ran out of time and is removed from the game.
clock-vote = ⏰ { $player } ran out of time ({ $misses } missed in a row). The other players decide: remove them from the game, or wait?
clock-waits = ⏰ { $player } ran out of time too ({ $misses } missed in a row): their side's turn waits for the vote.
vote-open = 🗳 Remove { $player } from the game, or wait for them? { $voters }: { $votes } of { $of } voted.
btn-vote-remove = Remove { $player }
btn-vote-wait = Wait
vote-counted = Your vote is counted.
vote-closed = This vote is over.
vote-yourself = The vote is about you: make your move instead, and it ends.
vote-removed = 🗳 The players voted: { $player } is removed from the game.
vote-wait = 🗳 The players voted to wait: { $player } has a fresh turn.
nudge-yourself = It is your own move.
nudge-wait = The player to move was nudged less than an hour ago: try again in { $left }.
mygames-title = Your games:
mygames-none = You have no unfinished games.
mygames-lobby = • { $game }: waiting in the lobby
mygames-yours = • { $game }: your move, { $left } left
mygames-theirs = • { $game }: { $players } to move, { $left } left
clock-paused = ⏸ Every player agreed: the clock is stopped. /resume starts it again.
clock-pause-asked = ⏸ { $player } asks to stop the clock ({ $votes } of { $players }). The others: /pause to agree.
clock-resumed = ▶ The clock runs again; the turn keeps the time it had.
clock-stopped = ⏸ The clock is stopped (/resume).
pause-already = The clock is already stopped. /resume starts it again.
resume-not-paused = The clock is not stopped.
vacation-set = 🏖 Your clock stops in all your games for { $days } days ({ $left } days of this year's allowance left). /vacation off ends it early.
vacation-on = 🏖 You are on vacation ({ $days } days of this year's allowance left). /vacation off ends it.
vacation-status = You have { $days } days of vacation left this year: /vacation N stops your clock in all your games for N days.
vacation-off = Your vacation is over: your clocks run again.
vacation-usage = Use /vacation N with N from 1 to { $days } (days left this year), or /vacation off.

# Durations (turn clocks, reminders): $n is a number; a pair is days and hours, or hours and
# minutes.
duration-minutes = { $n } min
duration-hours = { $n } h
duration-days = { $n } d
duration-pair = { $first } { $second }

# The owner's commands (/botstats, /abort, /maintenance): only the bot's owners meet these, in
# their private chat with the bot; maintenance-refused is what everyone meets while
# maintenance mode is on.
owner-private-only = Please use this command in your private chat with me.
owner-stats-title = Igroteka at a glance
owner-stats-uptime = Running for { $time }.
owner-stats-tables = { $count ->
    [one] { $count } open table
   *[other] { $count } open tables
}
owner-stats-game = { $game }: { $counts }
owner-status-lobby = gathering players { $count }
owner-status-setup = setting up { $count }
owner-status-playing = playing { $count }
owner-stats-players = { $count ->
    [one] { $count } player this week
   *[other] { $count } players this week
}
owner-stats-moves = { $count ->
    [one] { $count } move today
   *[other] { $count } moves today
}
owner-stats-store = Store on disk: { $mb } MB
owner-stats-store-unknown = Store on disk: the store cannot tell.
owner-stats-maintenance-on = Maintenance mode is on: new games are refused.
owner-stats-maintenance-off = Maintenance mode is off.
owner-abort-usage = Which table? Type /abort and its number, e.g. /abort 42.
owner-abort-unknown = There is no table { $table }.
owner-abort-over = Table { $table } has already ended.
owner-abort-elsewhere = Table { $table } plays on { $platform }: please end it from there.
owner-abort-done = Table { $table } ({ $game }) has ended; its players were told.
owner-aborted = { $players }: the bot's owner has ended this game of { $game }. Sorry for the interruption!
owner-maintenance-usage = /maintenance on refuses new games (running games go on); /maintenance off welcomes them again. It is { $state ->
    [on] on
   *[off] off
} now.
owner-maintenance-on = Maintenance mode is on: new games are refused, running games go on.
owner-maintenance-off = Maintenance mode is off: new games are welcome again.
maintenance-refused = Sorry, no new games just now: the bot is being looked after. Games already running go on — please try again a little later.

# Abuse limits (bots/src/limits, src/app/caps.rs): what someone going too fast or too far is told.
limit-slow-down = You're going faster than I can follow, so I'm ignoring what you send here for a few seconds. Nothing changed: wait a moment, then go on.
limit-chat-busy = This chat is sending me more than I can follow, so I'm ignoring some of it for a few seconds. Nothing changed: wait a moment, then go on.
limit-command-too-long = That command is too long for me (at most { $limit } characters). Nothing changed.
limit-move-too-long = That move is too long for me (at most { $limit } characters): type a shorter one, or use the buttons. Nothing changed.
limit-lobbies = You already have as many open lobbies as one person may (limit: { $count }). Start or /cancel one of them first; /mygames lists them.
limit-tables = This chat already has as many games under way as it may (limit: { $count }). Finish or /cancel one of them first.

# A thread per game (/threads).
threads-groups-only = Threads are a group's setting: send /threads in the group.
threads-unsupported = There are no threads here.
threads-are-on = 🧵 Each game here plays in a thread of its own (in Telegram: a forum topic). /threads off: games play here in the chat.
threads-are-off = Games play here in the chat. /threads on: each game gets a thread of its own when it starts (in Telegram: a forum topic), so several games can run here at once.
threads-usage = Use /threads on or /threads off (or /threads alone to see the setting).
threads-admins = Only an admin of this chat can change that.
threads-in-topic = Send /threads in the group's General topic: the setting is the whole group's.
threads-on-telegram = 🧵 From now on each game here plays in a topic of its own, opened when it starts; the lobby and the result stay here. Topics must be on, and I need the “Manage topics” admin right.
threads-on-discord = 🧵 From now on each game here plays in a thread of its own, opened from its lobby when it starts; the lobby and the result stay here. I need the “Create Public Threads” and “Send Messages in Threads” permissions.
threads-off = Games play here in the chat again. Games already in their own threads go on there.
threads-opening = 🧵 Started: the game is moving to a thread of its own…
threads-refused-telegram = ⚠️ I could not open a topic for this game (topics must be on, and I need the “Manage topics” right), so it plays here.
threads-refused-discord = ⚠️ I could not open a thread for this game (I need the “Create Public Threads” permission), so it plays here.
