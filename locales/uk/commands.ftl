# Меню команд платформ. menu-* — меню «/» у Telegram (setMyCommands, окремий список для кожної
# мови; назви команд у Telegram однакові для всіх мов). cmd-* — перекладені назви команд
# Discord (малі літери, без пробілів, до 32 символів); slash-* — описи команд, параметрів і
# варіантів у Discord (до 100 символів).

menu-play = Вибрати гру
menu-join = Сісти за стіл
menu-startgame = Почати, коли всі зібралися
menu-board = Показати дошку ще раз
menu-move = Ввести хід, наприклад /move g1 g3
menu-score = Аркуш рахунку
menu-nudge = Поквапити гравця, чий хід
menu-mygames = Ваші незакінчені ігри
menu-pause = Зупинити годинник (за згодою всіх)
menu-resume = Знову запустити годинник
menu-vacation = Зупинити свій годинник на N днів
menu-tz = Ваш часовий пояс: уночі без нагадувань
menu-leave = Вийти з лобі
menu-resign = Здатися
menu-cancel = Зупинити гру
menu-rules = Правила гри
menu-games = Усі ігри
menu-lang = Мова: uk, en, pl, ru, be, bg, zh
menu-boards = Одна дошка чи нова щоходу
menu-help = Що я вмію
menu-top = Найкращі гравці цього чату за іграми
menu-stats = Підсумки гравця в цьому чаті
menu-history = Останні ігри в цьому чаті

cmd-play = грати
cmd-join = сісти
cmd-leave = вийти
cmd-startgame = почати
cmd-resign = здатися
cmd-cancel = скасувати
cmd-games = ігри
cmd-score = рахунок
cmd-nudge = поквапити
cmd-mygames = мої-ігри
cmd-pause = пауза
cmd-resume = продовжити
cmd-help = довідка
cmd-board = дошка
cmd-move = хід
cmd-rules = правила
cmd-lang = мова
cmd-boards = дошки
cmd-vacation = відпустка
cmd-tz = часовий-пояс
cmd-top = рейтинг
cmd-stats = статистика
cmd-history = історія

slash-play = Відкрити нову гру в цьому каналі
slash-play-game = Гра
slash-join = Сісти за стіл гри, що збирається в цьому каналі
slash-leave = Вийти з гри, що збирається в цьому каналі
slash-startgame = Почати зібрану гру
slash-resign = Здатися в грі цього каналу
slash-cancel = Скасувати гру в цьому каналі (її засновник або модератор)
slash-games = Список ігор
slash-score = Аркуш рахунку гри в цьому каналі
slash-nudge = Поквапити гравця, чий хід (раз на годину)
slash-mygames = Ваші незакінчені ігри
slash-pause = Зупинити годинник цієї гри (потрібна згода всіх)
slash-resume = Знову запустити годинник цієї гри
slash-help = Як грати з Ігротекою
slash-board = Показати дошку
slash-board-show = Де показати
slash-board-here = тут, для всіх
slash-board-me = мій вигляд, лише мені
slash-board-dm = мій вигляд, в особисті повідомлення
slash-move = Ввести хід за позначками (наприклад, A g3)
slash-move-labels = Позначки, по черзі
slash-rules = Правила гри
slash-rules-game = Гра (типово — та, що тут)
slash-lang = Мова бота тут
slash-lang-language = Мова
slash-boards = Одна дошка, що оновлюється, або нова щоходу
slash-boards-mode = Як показувати дошки
slash-boards-edit = одна дошка, оновлюється
slash-boards-new = нова дошка щоходу
slash-vacation = Зупинити свій годинник в усіх іграх на кілька днів
slash-vacation-days = Скільки днів (або off); без значення — скільки лишилося
slash-tz = Ваш часовий пояс, щоб нагадування не приходили вночі
slash-tz-zone = Зсув від UTC: +3, UTC-5, +5:30 або off; без значення — ваш пояс
slash-top = Найкращі гравці цього каналу за рейтингом
slash-top-game = Гра (типово — усі, у які тут грали)
slash-stats = Підсумки гравця в цьому каналі: ігри, перемоги, серії, рейтинг
slash-stats-player = Чиї (типово — ваші)
slash-history = Останні завершені ігри в цьому каналі

# Команди власника: лише в меню самих власників (Telegram — їхній особистий чат; Discord —
# сервер власника, для його адміністраторів).
menu-botstats = Столи, гравці, ходи, розмір даних, час роботи
menu-abort = Завершити поточний стіл: /abort 42
menu-maintenance = Не починати нові ігри: on або off
cmd-botstats = статистика_бота
cmd-abort = перервати
cmd-maintenance = обслуговування
slash-botstats = Цифри бота: столи, гравці, ходи, розмір даних, час роботи
slash-abort = Завершити поточний стіл
slash-abort-table = Номер столу
slash-maintenance = Не починати нові ігри (поточні тривають) або знову дозволити
slash-maintenance-mode = on або off
slash-maintenance-on = on: не починати нові ігри
slash-maintenance-off = off: дозволити нові ігри
