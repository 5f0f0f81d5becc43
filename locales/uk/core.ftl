# Ігротека — повідомлення рушія розмови (українська).

help =
    Ігротека грає в настільні ігри просто в цьому чаті.
    /play — вибрати гру (або /play aeroplane, /play tank-battle); в особистому чаті зі мною — проти комп'ютерних гравців
    /join — сісти за стіл; /leave — вийти з лобі
    /startgame — почати, коли всі зібралися
    /board — показати дошку ще раз (в особистому чаті — ваш власний вигляд)
    /move — ввести хід, наприклад /move g1 g3
    /score — аркуш рахунку (в іграх, де він є)
    /nudge — поквапити гравця, чий хід (раз на годину); /mygames — ваші незакінчені ігри
    /pause — зупинити годинник (за згодою всіх), /resume; /vacation N — ваш годинник стоїть N днів
    /tz +3 — ваш часовий пояс: уночі без нагадувань
    /resign — здатися; /cancel — зупинити гру (її засновник або адміністратор)
    /rules [гра] — правила; /games — усі ігри
    /lang — мова: uk, en, pl, ru, be, bg, zh
    /boards edit|new — одна дошка, що оновлюється на місці (типово), або нова дошка щоходу
    /top [гра] — найкращі гравці тут; /stats [ім’я] — підсумки гравця; /history — останні ігри
    /replay [n] — завершена гра ще раз, в анімації (1 — остання)
    /watch — дошка цієї гри в особисті після кожного ходу; /unwatch — досить
    /undo — попросити повернути свій останній хід (інші погоджуються на дошці)
unknown-command = Я не знаю команди /{ $command }. Дивіться /help.
error-corrupt = Запис цієї гри не вдалося прочитати, тож його відкладено. Почніть нову: /play.
error-internal = Вибачте, у мене щось пішло не так. Подивіться, як стоїть гра: /board.
error-storage = Вибачте, не вдалося зберегти. Нічого не змінилося — спробуйте ще раз.
press-raced = Хтось був швидшим: ця кнопка вже застаріла. Дивіться найновішу дошку.
press-stale = Ця кнопка застаріла. Скористайтеся найновішим повідомленням із дошкою (або /board).
press-stale-prompt = Це запитання застаріле: його замінило новіше. Скористайтеся найновішим особистим повідомленням (або /board).
press-forged = Я не впізнаю цієї кнопки. Нічого не змінилося.
press-not-yours = Ця кнопка належить іншому гравцеві.
press-gone = Цієї гри вже немає.
press-over = Ця гра вже закінчилася.
not-a-player = Ви не граєте в цій грі.
not-your-turn = Зараз не ваш хід.
not-started = Гра ще не почалася.
no-game-here = У цьому чаті немає гри. Почніть її: /play.
move-impossible = Такий хід зараз неможливий.
move-usage = Введіть позначки ходу, як на кнопках, наприклад /move g1 g3.
play-pick = У що зіграємо?
play-unknown = Я не знаю гри «{ $game }». Дивіться /games.
play-planned = «{ $game }» незабаром з'явиться. У /games — те, у що можна грати вже зараз.
play-bad-setting = Налаштування вказано неправильно: { $error }. Налаштування: { $settings }.
play-busy = Тут уже йде гра «{ $game }». Подивитися: /board, скасувати: /cancel.
lobby-title = Нова гра: { $game }
lobby-players = Гравці ({ $count } з { $seats }): { $players }
seats-either = { $some } або { $last }
lobby-hint = Натисніть «Граю», щоб приєднатися; 🤖 + садить за стіл комп'ютерного гравця (легкого, середнього чи сильного). Коли всі на місці, будь-хто з гравців натискає «Почати».
lobby-hint-solo = Посадіть за стіл комп'ютерних гравців кнопками 🤖 + (легкий, середній чи сильний) і натисніть «Почати».
lobby-private-hello = Ви за столом гри «{ $game }». Коли гра почнеться, ваша таємна розстановка прийде сюди, в цей особистий чат.
lobby-closed = Лобі закрито: усі вийшли.
btn-join = Граю
btn-leave = Вийти
btn-start = Почати
btn-my-board = 👁 Моя дошка
btn-back = ⬅ Назад
join-done = Ви за столом.
btn-add-computer = 🤖 + { $level }
btn-drop-computer = 🤖 −
btn-rematch = 🔁 Реванш
rematch-invite = 🔁 Реванш! { $players }, натисніть «Граю», щоб зіграти ще раз.
rematch-done = Новий стіл відкрито.
rematch-players-only = Реванш можуть попросити лише гравці цієї партії; нову гру відкриває /play.
top-title = 🏆 { $game }: найкращі гравці тут
top-line = { $place }. { $player } — { $points } (ігор: { $games }, перемог: { $wins })
top-computer = 🤖 Комп’ютер ({ $level })
top-empty = У цьому чаті ще не завершилася жодна гра. Почніть із /play.
top-empty-game = Тут ще не завершилася жодна партія в «{ $game }».
top-hint = Усі починають з 1000; перемога над сильнішими дає більше. /stats — підсумки гравця, /history — останні ігри.
top-computers-usage = /top computers off прибирає комп’ютерних гравців з /top у цьому чаті; /top computers on повертає їх.
top-computers-admins = Це може змінити лише адміністратор чату.
top-computers-hidden = Комп’ютерні гравці більше не показуються в /top цього чату.
top-computers-shown = Комп’ютерні гравці знову показуються в /top цього чату.
stats-title = 📊 { $player } у цьому чаті
stats-line = { $game }: ігор { $games }, перемог { $wins }, середнє місце { $place }, найкраща серія { $streak }, рейтинг { $points }
stats-none = { $player } ще не завершив(ла) жодної гри в цьому чаті.
stats-none-mentioned = Цей гравець ще не завершив жодної гри в цьому чаті.
stats-unknown = Ніхто на ім’я «{ $name }» не завершував ігор у цьому чаті. Вкажіть ім’я, як у /top (у Discord — виберіть гравця).
stats-ambiguous = Під «{ $name }» підходять кілька гравців: { $names }. Напишіть ім’я докладніше.
history-title = 📜 Останні ігри в цьому чаті
history-line = { $date } · { $game } · { $result }
btn-replay = ▶️ Повтор
replay-caption = 🎬 { $game } · { $result } · ходів: { $moves }
replay-coming = Повтор уже в дорозі.
replay-none = У цьому чаті ще не завершилася жодна гра: повторювати нічого. Почніть гру: /play.
replay-which = /replay N повторює гру з /history: N від 1 (остання) до { $count }.
replay-gone = Запис цієї гри не зберігся, повтору немає.
replay-not-finished = Повтор є лише в гри, дограної до кінця.
replay-just-sent = Цей повтор щойно запитали: він уже в дорозі.
watch-on = 👁 { $player } дивиться гру: дошка приходитиме в особисті після кожного ходу. /unwatch — припинити.
watch-already = { $player }, ви вже дивитеся цю гру. /unwatch — припинити.
watch-player = Ви граєте в цій грі: ваша дошка тут (а /board в особистому чаті зі мною покаже ваш вигляд).
watch-full = Ця гра вже має { $count } глядачів — більше не можна.
watch-in-group = Надішліть /watch у чаті, де йде гра.
watch-off = 🙈 Дошка гри { $game } більше не приходитиме.
watch-not-watching = Ви не дивитеся цю гру. /watch — почати.
watch-none = Ви не дивитеся жодної гри. Надішліть /watch у чаті гри.
watch-which = Яку гру більше не надсилати?
watch-caption = 👁 { $game }
watch-unreachable = { $player }, я поки не можу писати вам в особисті. Відкрийте особистий чат зі мною (у Telegram натисніть там «Старт»; у Discord дозвольте особисті повідомлення від цього сервера) і надішліть /watch ще раз.
btn-unwatch = 🙈 Не дивитися
undo-asked = ↩️ { $player } просить повернути свій останній хід.
undo-open = ↩️ Повернути останній хід { $player }? Чекаємо на відповідь: { $players }.
btn-undo-accept = ✅ Повернути
btn-undo-refuse = ❌ Залишити
undo-ping = 🔔 { $players }: { $player } просить повернути свій останній хід. Дайте відповідь на дошці.
undo-done = ↩️ Останній хід { $player } повернуто.
undo-refused = ❌ { $decider } проти: хід { $player } залишається.
undo-counted = Згоду прийнято. Чекаємо на інших.
undo-over = Це прохання вже не чинне: гра пішла далі.
undo-own = Просили ви — вирішують інші.
undo-nothing = Вам нічого повертати.
undo-too-late = Відтоді вже ходили: повернути можна лише свій останній хід, поки не походив наступний.
undo-revealed = Цей хід розкрив таємницю: його не можна повернути.
undo-private = Таємний вибір повернути не можна (у розстановці є свої кнопки, щоб його змінити).
undo-pending = Повернути хід уже просять: спершу дайте відповідь на дошці.
undo-computer-refuses = 🤖 { $player } проти: ігри в цьому чаті йдуть до його рейтингу. (В особистому чаті зі мною, проти самих комп'ютерів, ходи повертати можна.)
history-draw = нічия: { $players }
computer-name = 🤖 Комп'ютер { $n } ({ $level })
computer-added = Комп'ютерний гравець сідає за стіл.
computer-dropped = Комп'ютерний гравець іде.
level-easy = легкий
level-normal = середній
level-strong = сильний
join-already = Ви вже за цим столом.
join-full = Вільних місць немає.
join-started = Гра вже почалася.
leave-done = Ви вийшли.
leave-use-resign = Гра йде: щоб здатися, скористайтеся /resign.
setting-creator-only = Налаштування змінює лише той, хто відкрив лобі.
setting-done = Налаштування змінено.
start-need-players = Для цієї гри потрібно гравців: { $seats }.
start-failed = Гру не вдалося почати: { $error }
start-done = Граємо!
turn-prompt = { $player }, ваш хід: { $prompt }
turn-computer = { $player } думає…
turn-stand-in = 🤖 За гравця { $player } ходить комп'ютер…
turn-stand-in-busy = Цей хід за вас робить комп'ютер: ваш час вийшов. Наступний хід знову ваш.
turn-waiting-private = Чекаємо: { $players } (в особистих повідомленнях).
prompt-choose = виберіть.
results-title = 🏁 Гру закінчено.
results-line = { $place }. { $player }
results-line-score = { $place }. { $player } — { $score }
games-title = Ігри:
games-line = { $id } — { $name } (гравців: { $seats })
rules-which = Яка гра? Наприклад, /rules aeroplane. Дивіться /games.
cancel-not-allowed = Скасувати гру може лише той, хто її почав, або адміністратор чату.
cancel-done = { $player } скасовує гру.
resign-done = { $player } здається.
game-left-to-computers = За столом лишилися самі комп'ютери, тож гра на цьому закінчується, без переможця.
board-none-private = У вас немає ігор, що тривають.
lang-usage = Виберіть мову: /lang { $languages }
lang-done = Тут я розмовлятиму українською.
lang-name = українська
lang-not-allowed = У групі мову змінює лише адміністратор чату або засновник гри, що тут іде.
game-air-battle = Повітряний бій (Воздушный бой)
console-welcome = Консоль Ігротеки. «as ІМ'Я /команда» — діяти від імені користувача, «press N» (або «as ІМ'Я press N») — натиснути кнопку N, «help» — докладніше, «quit» — вихід.

ping-turn = 🔔 { $players }: ваш хід у грі «{ $game }».
press-refreshed = Дошка відстала; ось яка вона зараз.
private-unreachable = { $player }, я поки не можу написати вам в особисті. Натисніть кнопку нижче, щоб отримувати особисті повідомлення цієї гри (у Telegram вона відкриє наш особистий чат: натисніть там «Почати»).
btn-private-chat = 🔒 Відкрити особистий чат

boards-usage = Дошки тут: { $mode }. /boards edit — одна дошка, що оновлюється з кожним ходом; /boards new — нова дошка щоходу, і в чаті лишається історія партії.
boards-new = Відтепер кожен хід тут приходить нова дошка; старі лишаються, без кнопок.
boards-edit = Відтепер у цьому чаті одна дошка на гру, вона оновлюється на місці.
score-title = 📋 Рахунок: { $game }
score-none = У цій грі немає аркуша рахунку.
score-empty = (поки нічого не записано)
score-earlier = … ще { $count ->
    [one] { $count } запис
    [few] { $count } записи
   *[many] { $count } записів
} раніше

# Годинники ходу (у лобі кожної гри).
setting-turn = Час на хід
setting-turn-5m = 5 хв
setting-turn-15m = 15 хв
setting-turn-1h = 1 година
setting-turn-12h = 12 годин
setting-turn-24h = 24 години
setting-turn-3d = 3 дні
setting-turn-7d = 7 днів
setting-turn-off = без обмеження
setting-timeout = Коли час вийшов
setting-timeout-skip = хід робиться за гравця
setting-timeout-remove = гравець вибуває
setting-timeout-vote = вирішують інші: вилучити чи чекати
setting-timeout-computer = за нього ходить комп'ютер
setting-misses = Вибуває після пропусків
setting-misses-2 = 2 поспіль
setting-misses-3 = 3 поспіль
setting-misses-5 = 5 поспіль
setting-misses-never = ніколи
clock-left = ⏳ { $players }: на хід { $left }.
clock-reminder-half = ⏰ { $player }, ваш хід у грі «{ $game }»: лишилося { $left }.
clock-reminder-near = ⏰ { $player }, час на хід у грі «{ $game }» майже вийшов: лишилося { $left }.
clock-digest = ⏰ { $player }, ваш хід у { $count ->
    [one] { $count } грі
    [few] { $count } іграх
   *[many] { $count } іграх
}:
tz-is = Ваш часовий пояс { $zone }: з { $from }:00 до { $to }:00 за вашим часом нагадувань немає. /tz off — забути його.
tz-none = Повідомте свій часовий пояс, і вночі нагадування не приходитимуть: /tz +3 (або /tz UTC-5, /tz +5:30).
tz-set = Часовий пояс { $zone }: з { $from }:00 до { $to }:00 за вашим часом нагадувань не буде.
tz-off = Часовий пояс забуто: нагадування приходять будь-коли.
tz-usage = Вкажіть зсув від UTC, від -12 до +14: /tz +3, /tz UTC-5, /tz +5:30 або /tz off.
clock-skipped = ⏰ У гравця { $player } вийшов час: хід зроблено за нього (пропусків поспіль: { $misses }).
clock-computer = ⏰ У гравця { $player } вийшов час: 🤖 за нього ходить комп'ютер (пропусків поспіль: { $misses }).
clock-removed = ⏰ У гравця { $player } вийшов час: він вибуває з гри.
clock-vote = ⏰ У гравця { $player } вийшов час (пропусків поспіль: { $misses }). Інші вирішують: вилучити його з гри чи почекати?
clock-waits = ⏰ У гравця { $player } теж вийшов час (пропусків поспіль: { $misses }): хід його сторони чекає на підсумок голосування.
vote-open = 🗳 Вилучити гравця { $player } з гри чи почекати на нього? { $voters }: проголосували { $votes } з { $of }.
btn-vote-remove = Вилучити: { $player }
btn-vote-wait = Почекати
vote-counted = Ваш голос зараховано.
vote-closed = Це голосування вже закінчилося.
vote-yourself = Голосування про вас: просто зробіть хід, і воно закінчиться.
vote-removed = 🗳 Гравці вирішили: { $player } вибуває з гри.
vote-wait = 🗳 Гравці вирішили почекати: у гравця { $player } знову повний час на хід.
nudge-yourself = Зараз ваш власний хід.
nudge-wait = Гравця вже квапили менш ніж годину тому: спробуйте через { $left }.
mygames-title = Ваші ігри:
mygames-none = У вас немає незакінчених ігор.
mygames-lobby = • { $game }: чекає на гравців
mygames-yours = • { $game }: ваш хід, лишилося { $left }
mygames-theirs = • { $game }: ходить { $players }, лишилося { $left }
clock-paused = ⏸ Усі гравці згодні: годинник зупинено. /resume знову його запустить.
clock-pause-asked = ⏸ { $player } просить зупинити годинник ({ $votes } з { $players }). Інші: /pause, щоб погодитися.
clock-resumed = ▶ Годинник знову йде; у ходу лишився колишній час.
clock-stopped = ⏸ Годинник зупинено (/resume).
pause-already = Годинник уже зупинено. /resume знову його запустить.
resume-not-paused = Годинник не зупинено.
vacation-set = 🏖 Ваші годинники зупинено в усіх іграх на { $days ->
    [one] { $days } день
    [few] { $days } дні
   *[many] { $days } днів
} (цього року лишилося днів: { $left }). /vacation off — закінчити раніше.
vacation-on = 🏖 Ви у відпустці (цього року лишилося днів: { $days }). /vacation off — закінчити.
vacation-status = Цього року у вас лишилося днів відпустки: { $days }. /vacation N зупиняє ваші годинники в усіх іграх на N днів.
vacation-off = Відпустка скінчилася: ваші годинники знову йдуть.
vacation-usage = Напишіть /vacation N, де N від 1 до { $days } (скільки лишилося цього року), або /vacation off.

# Тривалість (годинники ходу, нагадування).
duration-minutes = { $n } хв
duration-hours = { $n } год
duration-days = { $n ->
    [one] { $n } день
    [few] { $n } дні
   *[many] { $n } днів
}
duration-pair = { $first } { $second }

# Команди власника (/botstats, /abort, /maintenance): їх бачать лише власники бота, в особистому
# чаті з ботом; maintenance-refused бачать усі, поки увімкнено режим обслуговування.
owner-private-only = Будь ласка, використовуйте цю команду в особистому чаті зі мною.
owner-stats-title = Ігротека: зведення
owner-stats-uptime = Працює вже { $time }.
owner-stats-tables = { $count ->
    [one] { $count } відкритий стіл
    [few] { $count } відкриті столи
   *[many] { $count } відкритих столів
}
owner-stats-game = { $game }: { $counts }
owner-status-lobby = набір гравців { $count }
owner-status-setup = розстановка { $count }
owner-status-playing = гра триває { $count }
owner-stats-players = { $count ->
    [one] { $count } гравець за тиждень
    [few] { $count } гравці за тиждень
   *[many] { $count } гравців за тиждень
}
owner-stats-moves = { $count ->
    [one] { $count } хід сьогодні
    [few] { $count } ходи сьогодні
   *[many] { $count } ходів сьогодні
}
owner-stats-store = Дані на диску: { $mb } МБ
owner-stats-store-unknown = Дані на диску: сховище не повідомляє розмір.
owner-stats-maintenance-on = Режим обслуговування увімкнено: нові ігри не починаються.
owner-stats-maintenance-off = Режим обслуговування вимкнено.
owner-abort-usage = Який стіл? Напишіть /abort і його номер, наприклад /abort 42.
owner-abort-unknown = Столу { $table } немає.
owner-abort-over = Стіл { $table } уже завершено.
owner-abort-elsewhere = Стіл { $table } грає в { $platform }: будь ласка, завершіть його звідти.
owner-abort-done = Стіл { $table } ({ $game }) завершено; гравцям повідомлено.
owner-aborted = { $players }: власник бота завершив цю гру ({ $game }). Вибачте, що перервали!
owner-maintenance-usage = /maintenance on — нові ігри не починаються (поточні тривають); /maintenance off — їх знову можна починати. Зараз режим { $state ->
    [on] увімкнено
   *[off] вимкнено
}.
owner-maintenance-on = Режим обслуговування увімкнено: нові ігри не починаються, поточні тривають.
owner-maintenance-off = Режим обслуговування вимкнено: нові ігри знову можна починати.
maintenance-refused = Вибачте, нові ігри зараз не починаються: бота обслуговують. Поточні ігри тривають — спробуйте трохи згодом.

# Обмеження від зловживань (bots/src/limits, src/app/caps.rs).
limit-slow-down = Ви дієте швидше, ніж я встигаю: кілька секунд я не відповідаю на ваші натискання й команди тут. Нічого не змінилося — зачекайте трохи й продовжуйте.
limit-chat-busy = З цього чату надходить більше, ніж я встигаю обробити: кілька секунд частину натискань пропускаю. Нічого не змінилося — зачекайте трохи й продовжуйте.
limit-command-too-long = Ця команда задовга (не більше { $limit } символів). Нічого не змінилося.
limit-move-too-long = Цей хід задовгий (не більше { $limit } символів): напишіть коротше або скористайтеся кнопками. Нічого не змінилося.
limit-lobbies = У вас уже відкрито стільки наборів до гри, скільки можна одній людині (межа: { $count }). Спершу почніть або скасуйте (/cancel) один із них; список — /mygames.
limit-tables = У цьому чаті вже йде стільки ігор, скільки можна (межа: { $count }). Спершу дограйте або скасуйте (/cancel) одну з них.
