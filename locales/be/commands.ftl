# Меню каманд платформаў. menu-* — меню «/» у Telegram (setMyCommands, асобны спіс для кожнай
# мовы; назвы каманд у Telegram аднолькавыя для ўсіх моў). cmd-* і slash-* — назвы і апісанні
# каманд Discord; Discord не мае беларускай лакалі, таму яны тут толькі для паўнаты.

menu-play = Выбраць гульню
menu-join = Сесці за стол
menu-startgame = Пачаць, калі ўсе сабраліся
menu-board = Паказаць дошку яшчэ раз
menu-move = Увесці ход, напрыклад /move g1 g3
menu-score = Ліст ліку
menu-nudge = Падагнаць гульца, чый ход
menu-mygames = Вашы незакончаныя гульні
menu-pause = Спыніць гадзіннік (са згоды ўсіх)
menu-resume = Зноў запусціць гадзіннік
menu-vacation = Спыніць свой гадзіннік на N дзён
menu-tz = Ваш часавы пояс: уначы без напамінаў
menu-leave = Выйсці з лобі
menu-resign = Здацца
menu-cancel = Спыніць гульню
menu-rules = Правілы гульні
menu-games = Усе гульні
menu-lang = Мова: be, en, pl, ru, uk, bg, zh
menu-boards = Адна дошка ці новая кожны ход
menu-help = Што я ўмею

cmd-play = гуляць
cmd-join = сесці
cmd-leave = выйсці
cmd-startgame = пачаць
cmd-resign = здацца
cmd-cancel = скасаваць
cmd-games = гульні
cmd-score = лік
cmd-nudge = падагнаць
cmd-mygames = мае-гульні
cmd-pause = паўза
cmd-resume = працягнуць
cmd-help = даведка
cmd-board = дошка
cmd-move = ход
cmd-rules = правілы
cmd-lang = мова
cmd-boards = дошкі
cmd-vacation = адпачынак
cmd-tz = часавы-пояс

slash-play = Адкрыць новую гульню ў гэтым канале
slash-play-game = Гульня
slash-join = Сесці за стол гульні, якая збіраецца ў гэтым канале
slash-leave = Выйсці з гульні, якая збіраецца ў гэтым канале
slash-startgame = Пачаць сабраную гульню
slash-resign = Здацца ў гульні гэтага канала
slash-cancel = Скасаваць гульню ў гэтым канале (яе заснавальнік або мадэратар)
slash-games = Спіс гульняў
slash-score = Ліст ліку гульні ў гэтым канале
slash-nudge = Падагнаць гульца, чый ход (раз на гадзіну)
slash-mygames = Вашы незакончаныя гульні
slash-pause = Спыніць гадзіннік гэтай гульні (патрэбна згода ўсіх)
slash-resume = Зноў запусціць гадзіннік гэтай гульні
slash-help = Як гуляць з Гульнятэкай
slash-board = Паказаць дошку
slash-board-show = Дзе паказаць
slash-board-here = тут, для ўсіх
slash-board-me = мой выгляд, толькі мне
slash-board-dm = мой выгляд, у асабістыя паведамленні
slash-move = Увесці ход па пазнаках (напрыклад, A g3)
slash-move-labels = Пазнакі, па чарзе
slash-rules = Правілы гульні
slash-rules-game = Гульня (па змаўчанні — тая, што тут)
slash-lang = Мова бота тут
slash-lang-language = Мова
slash-boards = Адна дошка, якая абнаўляецца, або новая кожны ход
slash-boards-mode = Як паказваць дошкі
slash-boards-edit = адна дошка, абнаўляецца
slash-boards-new = новая дошка кожны ход
slash-vacation = Спыніць свой гадзіннік ва ўсіх гульнях на некалькі дзён
slash-vacation-days = Колькі дзён (або off); без значэння — колькі засталося
slash-tz = Ваш часавы пояс, каб напаміны не прыходзілі ўначы
slash-tz-zone = Зрух ад UTC: +3, UTC-5, +5:30 або off; без значэння — ваш пояс

# Каманды ўладальніка: толькі ў меню саміх уладальнікаў (Telegram — іх асабісты чат; Discord —
# сервер уладальніка, для яго адміністратараў).
menu-stats = Сталы, гульцы, хады, памер даных, час працы
menu-abort = Скончыць бягучы стол: /abort 42
menu-maintenance = Не пачынаць новыя гульні: on або off
cmd-stats = статыстыка
cmd-abort = перапыніць
cmd-maintenance = абслугоўванне
slash-stats = Лічбы бота: сталы, гульцы, хады, памер даных, час працы
slash-abort = Скончыць бягучы стол
slash-abort-table = Нумар стала
slash-maintenance = Не пачынаць новыя гульні (бягучыя працягваюцца) або зноў дазволіць
slash-maintenance-mode = on або off
slash-maintenance-on = on: не пачынаць новыя гульні
slash-maintenance-off = off: дазволіць новыя гульні
