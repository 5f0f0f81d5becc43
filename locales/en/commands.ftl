# The command menus the platforms show. menu-*: Telegram's "/" menu (setMyCommands, one list
# per language; Telegram's command names are the same in every language). cmd-*: Discord's
# localized command names (lowercase, no spaces, at most 32 characters); slash-*: Discord's
# descriptions of commands, options and choices (at most 100 characters).

menu-play = Pick a game to play here
menu-join = Take a seat at the table
menu-startgame = Start when everyone has joined
menu-board = Show the board again
menu-move = Type a move, e.g. /move g1 g3
menu-score = The score sheet
menu-nudge = Remind the player to move
menu-mygames = Your unfinished games
menu-pause = Stop the clock (all players agree)
menu-resume = Start the clock again
menu-vacation = Stop your clock for N days
menu-tz = Your time zone: no reminders at night
menu-leave = Leave the lobby
menu-resign = Give up the game
menu-cancel = Stop the game
menu-rules = The rules of a game
menu-games = All games
menu-lang = Language: en, pl, ru, uk, be, bg, zh
menu-boards = One board edited in place, or a new one every turn
menu-help = What I can do
menu-top = The best players here, by game
menu-stats = A player's record here
menu-history = The last games played here
menu-replay = Watch a finished game again
menu-watch = Get this game's board privately after every move
menu-unwatch = Stop getting a game's board

cmd-play = play
cmd-join = join
cmd-leave = leave
cmd-startgame = startgame
cmd-resign = resign
cmd-cancel = cancel
cmd-games = games
cmd-score = score
cmd-nudge = nudge
cmd-mygames = mygames
cmd-pause = pause
cmd-resume = resume
cmd-help = help
cmd-board = board
cmd-move = move
cmd-rules = rules
cmd-lang = lang
cmd-boards = boards
cmd-vacation = vacation
cmd-tz = tz
cmd-top = top
cmd-stats = stats
cmd-history = history
cmd-replay = replay
cmd-watch = watch
cmd-unwatch = unwatch

slash-play = Open a new game in this channel
slash-play-game = The game
slash-join = Join the game being gathered in this channel
slash-leave = Leave the game being gathered in this channel
slash-startgame = Start the gathered game
slash-resign = Resign from the game in this channel
slash-cancel = Cancel the game in this channel (its creator or a moderator)
slash-games = List the games
slash-score = The score sheet of the game in this channel
slash-nudge = Remind the player to move (once an hour)
slash-mygames = Your unfinished games
slash-pause = Stop the clock of this game (all players must agree)
slash-resume = Start the clock of this game again
slash-help = How to play with Igroteka
slash-board = Show the board
slash-board-show = Where to show it
slash-board-here = here, for everyone
slash-board-me = my own view, only to me
slash-board-dm = my own view, in direct messages
slash-move = Type a move by its labels (e.g. A g3)
slash-move-labels = The labels, in order
slash-rules = The rules of a game
slash-rules-game = The game (default: the one here)
slash-lang = The bot's language here
slash-lang-language = The language
slash-boards = One board edited in place, or a new one every turn
slash-boards-mode = How boards are shown
slash-boards-edit = one board, edited in place
slash-boards-new = a new board every turn
slash-vacation = Stop your clock in all your games for some days
slash-vacation-days = How many days (or off); leave out to see what is left
slash-tz = Your time zone, so that no reminder comes at night
slash-tz-zone = Offset from UTC: +3, UTC-5, +5:30, or off; leave out to see yours
slash-top = This channel's best players, by rating
slash-top-game = The game (default: every game played here)
slash-stats = A player's record in this channel: games, wins, streaks, rating
slash-stats-player = Whose (default: yours)
slash-history = The last games finished in this channel
slash-replay = Watch a finished game of this channel again
slash-replay-n = Which game of /history (1 = the last)
slash-watch = Get this channel's game board in your DMs after every move
slash-unwatch = Stop getting a game's board in your DMs

# The owner's commands: listed only in the owners' own menus (Telegram: their private chat;
# Discord: the owner server, for its administrators).
menu-botstats = Tables, players, moves, store size, uptime
menu-abort = End a running table: /abort 42
menu-maintenance = Refuse new games: on or off
cmd-botstats = botstats
cmd-abort = abort
cmd-maintenance = maintenance
slash-botstats = The bot's figures: tables, players, moves, store size, uptime
slash-abort = End a running table
slash-abort-table = The table's number
slash-maintenance = Refuse new games (running games go on), or welcome them again
slash-maintenance-mode = on or off
slash-maintenance-on = on: refuse new games
slash-maintenance-off = off: welcome new games
