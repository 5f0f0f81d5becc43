# Менютата с команди на платформите. menu-* — менюто „/“ в Telegram (setMyCommands, отделен
# списък за всеки език; имената на командите в Telegram са еднакви на всички езици). cmd-* —
# преведените имена на командите в Discord (малки букви, без интервали, до 32 знака);
# slash-* — описанията на команди, параметри и избори в Discord (до 100 знака).

menu-play = Изберете игра
menu-join = Седнете на масата
menu-startgame = Започнете, когато всички са тук
menu-board = Покажете дъската отново
menu-move = Въведете ход, напр. /move g1 g3
menu-score = Листът с резултатите
menu-nudge = Подканете играча на ход
menu-mygames = Вашите незавършени игри
menu-pause = Спрете часовника (със съгласието на всички)
menu-resume = Пуснете часовника отново
menu-vacation = Спрете часовника си за N дни
menu-tz = Часовата ви зона: без напомняния нощем
menu-leave = Напуснете лобито
menu-resign = Предайте се
menu-cancel = Прекратете играта
menu-rules = Правилата на игра
menu-games = Всички игри
menu-lang = Език: bg, en, pl, ru, uk, be, zh
menu-boards = Една дъска, обновявана на място, или нова всеки ход
menu-help = Какво мога
menu-top = Най-добрите играчи тук по игри
menu-stats = Резултатите на играч тук
menu-history = Последните игри тук

cmd-play = игра
cmd-join = включи-се
cmd-leave = излез
cmd-startgame = започни
cmd-resign = предай-се
cmd-cancel = прекрати
cmd-games = игри
cmd-score = резултати
cmd-nudge = подкани
cmd-mygames = моите-игри
cmd-pause = пауза
cmd-resume = продължи
cmd-help = помощ
cmd-board = дъска
cmd-move = ход
cmd-rules = правила
cmd-lang = език
cmd-boards = дъски
cmd-vacation = отпуск
cmd-tz = часова-зона
cmd-top = класация
cmd-stats = статистика
cmd-history = история

slash-play = Отворете нова игра в този канал
slash-play-game = Играта
slash-join = Включете се в играта, която се събира в този канал
slash-leave = Излезте от играта, която се събира в този канал
slash-startgame = Започнете събраната игра
slash-resign = Предайте се в играта в този канал
slash-cancel = Прекратете играта в този канал (създателят ѝ или модератор)
slash-games = Списък на игрите
slash-score = Листът с резултатите на играта в този канал
slash-nudge = Подканете играча на ход (веднъж на час)
slash-mygames = Вашите незавършени игри
slash-pause = Спрете часовника на тази игра (всички трябва да са съгласни)
slash-resume = Пуснете отново часовника на тази игра
slash-help = Как се играе с Игротека
slash-board = Покажете дъската
slash-board-show = Къде да се покаже
slash-board-here = тук, за всички
slash-board-me = моят изглед, само за мен
slash-board-dm = моят изглед, в лични съобщения
slash-move = Въведете ход с означенията му (напр. A g3)
slash-move-labels = Означенията, по ред
slash-rules = Правилата на игра
slash-rules-game = Играта (по подразбиране — тази тук)
slash-lang = Езикът на бота тук
slash-lang-language = Езикът
slash-boards = Една дъска, обновявана на място, или нова всеки ход
slash-boards-mode = Как се показват дъските
slash-boards-edit = една дъска, обновявана на място
slash-boards-new = нова дъска всеки ход
slash-vacation = Спрете часовника си във всичките си игри за няколко дни
slash-vacation-days = Колко дни (или off); празно — колко остават
slash-tz = Часовата ви зона, за да не идват напомняния нощем
slash-tz-zone = Отместване от UTC: +3, UTC-5, +5:30 или off; празно — вашата зона
slash-top = Най-добрите играчи в този канал по рейтинг
slash-top-game = Играта (по подразбиране — всички играни тук)
slash-stats = Резултатите на играч в този канал: игри, победи, серии, рейтинг
slash-stats-player = Чии (по подразбиране — вашите)
slash-history = Последните завършени игри в този канал

# Командите на собственика: само в менюто на самите собственици (Telegram — личният им чат;
# Discord — сървърът на собственика, за неговите администратори).
menu-botstats = Маси, играчи, ходове, размер на данните, време на работа
menu-abort = Прекъсни текуща маса: /abort 42
menu-maintenance = Без нови игри: on или off
cmd-botstats = статистика_бот
cmd-abort = прекъсни-маса
cmd-maintenance = поддръжка
slash-botstats = Числата на бота: маси, играчи, ходове, размер на данните, време на работа
slash-abort = Прекъсни текуща маса
slash-abort-table = Номерът на масата
slash-maintenance = Без нови игри (текущите продължават) или отново с нови игри
slash-maintenance-mode = on или off
slash-maintenance-on = on: без нови игри
slash-maintenance-off = off: с нови игри
