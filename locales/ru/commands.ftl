# Меню команд платформ. menu-* — меню «/» в Telegram (setMyCommands, свой список на каждый
# язык; имена команд в Telegram одни для всех языков). cmd-* — переведённые имена команд
# Discord (строчные, без пробелов, до 32 символов); slash-* — описания команд, параметров и
# вариантов в Discord (до 100 символов).

menu-play = Выбрать игру
menu-join = Сесть за стол
menu-startgame = Начать, когда все собрались
menu-board = Показать доску ещё раз
menu-move = Ввести ход, например /move g1 g3
menu-score = Лист счёта
menu-nudge = Поторопить игрока, чей ход
menu-mygames = Ваши незаконченные игры
menu-pause = Остановить часы (с согласия всех)
menu-resume = Снова запустить часы
menu-vacation = Остановить свои часы на N дней
menu-tz = Ваш часовой пояс: ночью без напоминаний
menu-leave = Выйти из лобби
menu-resign = Сдаться
menu-cancel = Остановить игру
menu-rules = Правила игры
menu-games = Все игры
menu-lang = Язык: ru, en, pl, uk, be, bg, zh
menu-boards = Одна доска или новая каждый ход
menu-help = Что я умею
menu-top = Лучшие игроки этого чата по играм
menu-stats = Итоги игрока в этом чате
menu-history = Последние игры в этом чате

cmd-play = играть
cmd-join = сесть
cmd-leave = выйти
cmd-startgame = начать
cmd-resign = сдаться
cmd-cancel = отменить
cmd-games = игры
cmd-score = счёт
cmd-nudge = поторопить
cmd-mygames = мои-игры
cmd-pause = пауза
cmd-resume = продолжить
cmd-help = помощь
cmd-board = доска
cmd-move = ход
cmd-rules = правила
cmd-lang = язык
cmd-boards = доски
cmd-vacation = отпуск
cmd-tz = часовой-пояс
cmd-top = рейтинг
cmd-stats = статистика
cmd-history = история

slash-play = Открыть новую игру в этом канале
slash-play-game = Игра
slash-join = Сесть за стол игры, которая собирается в этом канале
slash-leave = Выйти из игры, которая собирается в этом канале
slash-startgame = Начать собранную игру
slash-resign = Сдаться в игре этого канала
slash-cancel = Отменить игру в этом канале (её создатель или модератор)
slash-games = Список игр
slash-score = Лист счёта игры в этом канале
slash-nudge = Поторопить игрока, чей ход (раз в час)
slash-mygames = Ваши незаконченные игры
slash-pause = Остановить часы этой игры (нужно согласие всех)
slash-resume = Снова запустить часы этой игры
slash-help = Как играть с Игротекой
slash-board = Показать доску
slash-board-show = Где показать
slash-board-here = здесь, для всех
slash-board-me = мой вид, только мне
slash-board-dm = мой вид, в личные сообщения
slash-move = Ввести ход по меткам (например, A g3)
slash-move-labels = Метки, по порядку
slash-rules = Правила игры
slash-rules-game = Игра (по умолчанию — та, что здесь)
slash-lang = Язык бота здесь
slash-lang-language = Язык
slash-boards = Одна доска, которая обновляется, или новая каждый ход
slash-boards-mode = Как показывать доски
slash-boards-edit = одна доска, обновляется
slash-boards-new = новая доска каждый ход
slash-vacation = Остановить свои часы во всех играх на несколько дней
slash-vacation-days = Сколько дней (или off); без значения — сколько осталось
slash-tz = Ваш часовой пояс, чтобы напоминания не приходили ночью
slash-tz-zone = Смещение от UTC: +3, UTC-5, +5:30 или off; без значения — ваш пояс
slash-top = Лучшие игроки этого канала по рейтингу
slash-top-game = Игра (по умолчанию — все, что здесь играли)
slash-stats = Итоги игрока в этом канале: игры, победы, серии, рейтинг
slash-stats-player = Чьи (по умолчанию — ваши)
slash-history = Последние законченные игры в этом канале

# Команды владельца: только в меню самих владельцев (Telegram — их личный чат; Discord —
# сервер владельца, для его администраторов).
menu-botstats = Столы, игроки, ходы, размер данных, время работы
menu-abort = Завершить идущий стол: /abort 42
menu-maintenance = Не начинать новые игры: on или off
cmd-botstats = статистика_бота
cmd-abort = прервать
cmd-maintenance = обслуживание
slash-botstats = Цифры бота: столы, игроки, ходы, размер данных, время работы
slash-abort = Завершить идущий стол
slash-abort-table = Номер стола
slash-maintenance = Не начинать новые игры (идущие продолжаются) или снова разрешить
slash-maintenance-mode = on или off
slash-maintenance-on = on: не начинать новые игры
slash-maintenance-off = off: разрешить новые игры
