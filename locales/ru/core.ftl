# Игротека — сообщения движка разговора (русский).

help =
    Игротека играет в настольные игры прямо в чате.
    /play — выбрать игру (или /play aeroplane, /play tank-battle); в личном чате со мной — против компьютеров
    /join — сесть за стол; /leave — выйти из лобби
    /startgame — начать, когда все собрались
    /board — показать доску ещё раз (в личном чате — ваш вид)
    /move — ввести ход, например /move g1 g3
    /score — лист счёта (в играх, где он есть)
    /nudge — поторопить игрока, чей ход (раз в час); /mygames — ваши незаконченные игры
    /pause — остановить часы (с согласия всех), /resume; /vacation N — ваши часы стоят N дней
    /tz +3 — ваш часовой пояс: ночью без напоминаний
    /resign — сдаться; /cancel — остановить игру (её создатель или админ)
    /rules [игра] — правила; /games — все игры
    /lang — язык: ru, en, pl, uk, be, bg, zh
    /boards edit|new — одна доска, которая обновляется (по умолчанию), или новая доска каждый ход
    /top [игра] — лучшие игроки здесь; /stats [имя] — итоги игрока; /history — последние игры
    /replay [n] — законченная игра ещё раз, в анимации (1 — последняя)
    /watch — доска этой игры в личку после каждого хода; /unwatch — хватит
    /undo — попросить вернуть свой последний ход (остальные соглашаются на доске)
    /threads on|off — каждая партия в своей ветке или теме форума (админы)
unknown-command = Я не знаю команду /{ $command }. Смотрите /help.
error-corrupt = Запись этой игры не удалось прочитать, она отложена в сторону. Начните новую: /play.
error-internal = Простите, у меня что-то пошло не так. Посмотрите доску: /board.
error-storage = Простите, не удалось сохранить. Ничего не изменилось — попробуйте ещё раз.
press-raced = Кто-то успел раньше: эта кнопка устарела. Смотрите последнюю доску.
press-stale = Эта кнопка устарела. Используйте последнее сообщение с доской (или /board).
press-stale-prompt = Это сообщение устарело: его сменило более новое. Используйте последнее личное сообщение (или /board).
press-forged = Эту кнопку я не узнаю. Ничего не изменилось.
press-not-yours = Эта кнопка другого игрока.
press-gone = Этой игры больше нет.
press-over = Эта игра окончена.
not-a-player = Вы не играете в этой игре.
not-your-turn = Сейчас не ваш ход.
not-started = Игра ещё не началась.
no-game-here = В этом чате нет игры. Начните её: /play.
move-impossible = Такой ход сейчас невозможен.
move-usage = Введите метки хода, как на кнопках, например /move g1 g3.
play-pick = Во что сыграем?
play-unknown = Я не знаю игру «{ $game }». Смотрите /games.
play-planned = «{ $game }» скоро появится. Смотрите /games — во что можно играть сейчас.
play-bad-setting = Настройка указана неверно: { $error }. Настройки: { $settings }.
play-busy = Здесь уже идёт игра «{ $game }». Посмотреть: /board, отменить: /cancel.
lobby-title = Новая игра: { $game }
lobby-players = Игроки ({ $count }, нужно { $seats }): { $players }
seats-either = { $some } или { $last }
lobby-hint = Нажмите «Играю», чтобы присоединиться; 🤖 + сажает за стол компьютер (лёгкий, средний или сильный). Любой игрок нажимает «Начать», когда все в сборе.
lobby-hint-solo = Посадите за стол компьютеры кнопками 🤖 + (лёгкий, средний или сильный) и нажмите «Начать».
lobby-private-hello = Вы за столом игры «{ $game }». Когда игра начнётся, ваша тайная расстановка придёт сюда, в этот личный чат.
lobby-closed = Лобби закрыто: все вышли.
btn-join = Играю
btn-leave = Выйти
btn-start = Начать
btn-my-board = 👁 Моя доска
btn-back = ⬅ Назад
join-done = Вы за столом.
btn-add-computer = 🤖 + { $level }
btn-drop-computer = 🤖 −
btn-rematch = 🔁 Реванш
rematch-invite = 🔁 Реванш! { $players }, нажмите «Играю», чтобы сыграть ещё раз.
rematch-done = Новый стол открыт.
rematch-players-only = Реванш могут попросить только игроки этой партии; новую игру открывает /play.
top-title = 🏆 { $game }: лучшие игроки здесь
top-line = { $place }. { $player } — { $points } (игр: { $games }, побед: { $wins })
top-computer = 🤖 Компьютер ({ $level })
top-empty = В этом чате ещё не закончилась ни одна игра. Начните с /play.
top-empty-game = Здесь ещё не закончилась ни одна партия в «{ $game }».
top-hint = Все начинают с 1000; победа над сильными приносит больше. /stats — итоги игрока, /history — последние игры.
top-computers-usage = /top computers off убирает компьютерных игроков из /top в этом чате; /top computers on возвращает их.
top-computers-admins = Это может изменить только администратор чата.
top-computers-hidden = Компьютерные игроки больше не показываются в /top этого чата.
top-computers-shown = Компьютерные игроки снова показываются в /top этого чата.
stats-title = 📊 { $player } в этом чате
stats-line = { $game }: игр { $games }, побед { $wins }, среднее место { $place }, лучшая серия { $streak }, рейтинг { $points }
stats-none = { $player } ещё не закончил(а) ни одной игры в этом чате.
stats-none-mentioned = Этот игрок ещё не закончил ни одной игры в этом чате.
stats-unknown = Никто с именем «{ $name }» не заканчивал игр в этом чате. Укажите имя, как в /top (в Discord — выберите игрока).
stats-ambiguous = Под «{ $name }» подходят несколько игроков: { $names }. Напишите имя подробнее.
history-title = 📜 Последние игры в этом чате
history-line = { $date } · { $game } · { $result }
btn-replay = ▶️ Повтор
replay-caption = 🎬 { $game } · { $result } · ходов: { $moves }
replay-coming = Повтор уже в пути.
replay-none = В этом чате ещё не закончилась ни одна игра: повторять нечего. Начните игру: /play.
replay-which = /replay N повторяет игру из /history: N от 1 (последняя) до { $count }.
replay-gone = Запись этой игры не сохранилась, повтора нет.
replay-not-finished = Повтор есть только у игры, доигранной до конца.
replay-just-sent = Этот повтор только что запросили: он уже в пути.
watch-on = 👁 { $player } смотрит игру: доска будет приходить в личку после каждого хода. /unwatch — прекратить.
watch-already = { $player }, вы уже смотрите эту игру. /unwatch — прекратить.
watch-player = Вы играете в этой игре: ваша доска здесь (а /board в личном чате со мной покажет ваш вид).
watch-full = У этой игры уже { $count } зрителей — больше нельзя.
watch-in-group = Отправьте /watch в чате, где идёт игра.
watch-off = 🙈 Доска игры { $game } больше не будет приходить.
watch-not-watching = Вы не смотрите эту игру. /watch — начать.
watch-none = Вы не смотрите ни одной игры. Отправьте /watch в чате игры.
watch-which = Какую игру больше не присылать?
watch-caption = 👁 { $game }
watch-unreachable = { $player }, я пока не могу писать вам в личку. Откройте личный чат со мной (в Telegram нажмите там «Старт»; в Discord разрешите личные сообщения от этого сервера) и отправьте /watch ещё раз.
btn-unwatch = 🙈 Не смотреть
undo-asked = ↩️ { $player } просит вернуть свой последний ход.
undo-open = ↩️ Вернуть последний ход { $player }? Ждём ответа: { $players }.
btn-undo-accept = ✅ Вернуть
btn-undo-refuse = ❌ Оставить
undo-ping = 🔔 { $players }: { $player } просит вернуть свой последний ход. Ответьте на доске.
undo-done = ↩️ Последний ход { $player } возвращён.
undo-refused = ❌ { $decider } против: ход { $player } остаётся.
undo-counted = Согласие принято. Ждём остальных.
undo-over = Эта просьба уже не в силе: игра ушла дальше.
undo-own = Просили вы — решают остальные.
undo-nothing = Вам нечего возвращать.
undo-too-late = С тех пор уже ходили: вернуть можно только свой последний ход, пока не походил следующий.
undo-revealed = Этот ход раскрыл тайну: его нельзя вернуть.
undo-private = Тайный выбор вернуть нельзя (в расстановке есть свои кнопки, чтобы его изменить).
undo-pending = Вернуть ход уже просят: сначала ответьте на доске.
undo-computer-refuses = 🤖 { $player } против: игры в этом чате идут в его рейтинг. (В личном чате со мной, против одних компьютеров, ходы возвращать можно.)
history-draw = ничья: { $players }
computer-name = 🤖 Компьютер { $n } ({ $level })
computer-added = Компьютер садится за стол.
computer-dropped = Компьютер уходит.
level-easy = лёгкий
level-normal = средний
level-strong = сильный
join-already = Вы уже за этим столом.
join-full = Мест больше нет.
join-started = Игра уже началась.
leave-done = Вы вышли.
leave-use-resign = Игра идёт: чтобы сдаться, используйте /resign.
setting-creator-only = Настройки меняет тот, кто открыл лобби.
setting-done = Настройка изменена.
start-need-players = Для этой игры нужно игроков: { $seats }.
start-failed = Игру не удалось начать: { $error }
start-done = Играем!
turn-prompt = { $player }, ваш ход: { $prompt }
turn-computer = { $player } думает…
turn-stand-in = 🤖 За игрока { $player } ходит компьютер…
turn-stand-in-busy = Этот ход за вас делает компьютер: ваше время вышло. Следующий ход снова ваш.
turn-waiting-private = Ждём: { $players } (в личных сообщениях).
prompt-choose = выберите.
results-title = 🏁 Игра окончена.
results-line = { $place }. { $player }
results-line-score = { $place }. { $player } — { $score }
games-title = Игры:
games-line = { $id } — { $name } (игроков: { $seats })
rules-which = Какая игра? Например, /rules aeroplane. Смотрите /games.
cancel-not-allowed = Отменить игру может только её создатель или админ чата.
cancel-done = { $player } отменяет игру.
resign-done = { $player } сдаётся.
game-left-to-computers = За столом остались одни компьютеры: игра на этом заканчивается, без победителя.
board-none-private = У вас нет идущих игр.
lang-usage = Выберите язык: /lang { $languages }
lang-done = Здесь я буду говорить по-русски.
lang-name = русский
lang-not-allowed = В группе язык меняет только админ чата или создатель идущей здесь игры.
game-air-battle = Воздушный бой
console-welcome = Консоль Игротеки. «as ИМЯ /команда» — действовать от имени пользователя, «press N» (или «as ИМЯ press N») — нажать кнопку N, «help» — подробнее, «quit» — выход.

ping-turn = 🔔 { $players }: ваш ход в игре «{ $game }».
press-refreshed = Доска отстала; вот как она выглядит сейчас.
private-unreachable = { $player }, я пока не могу написать вам в личку. Нажмите кнопку ниже, чтобы получить личные сообщения этой игры (в Telegram она откроет личный чат: нажмите там «Старт»).
btn-private-chat = 🔒 Открыть личный чат

boards-usage = Доски здесь: { $mode }. /boards edit — одна доска, которая обновляется с каждым ходом; /boards new — новая доска каждый ход, и в чате остаётся история партии.
boards-new = Теперь каждый ход здесь приходит новая доска; старые остаются, без кнопок.
boards-edit = Теперь в этом чате одна доска на игру, она обновляется с каждым ходом.
score-title = 📋 Счёт: { $game }
score-none = В этой игре нет листа счёта.
score-empty = (пока ничего не записано)
score-earlier = … ещё { $count ->
    [one] { $count } запись
    [few] { $count } записи
   *[many] { $count } записей
} раньше

# Часы хода (в лобби каждой игры).
setting-turn = Время на ход
setting-turn-5m = 5 мин
setting-turn-15m = 15 мин
setting-turn-1h = 1 час
setting-turn-12h = 12 часов
setting-turn-24h = 24 часа
setting-turn-3d = 3 дня
setting-turn-7d = 7 дней
setting-turn-off = без ограничения
setting-timeout = Время вышло
setting-timeout-skip = ход делается за игрока
setting-timeout-remove = игрок выбывает
setting-timeout-vote = решают остальные: исключить или ждать
setting-timeout-computer = за него ходит компьютер
setting-misses = Выбывает после пропусков
setting-misses-2 = 2 подряд
setting-misses-3 = 3 подряд
setting-misses-5 = 5 подряд
setting-misses-never = никогда
clock-left = ⏳ { $players }: на ход { $left }.
clock-reminder-half = ⏰ { $player }, ваш ход в игре «{ $game }»: осталось { $left }.
clock-reminder-near = ⏰ { $player }, время на ход в игре «{ $game }» почти вышло: осталось { $left }.
clock-digest = ⏰ { $player }, ваш ход в играх ({ $count }):
tz-is = Ваш часовой пояс { $zone }: с { $from }:00 до { $to }:00 по вашему времени напоминаний нет. /tz off — забыть его.
tz-none = Сообщите свой часовой пояс, и ночью напоминания не придут: /tz +3 (или /tz UTC-5, /tz +5:30).
tz-set = Часовой пояс { $zone }: с { $from }:00 до { $to }:00 по вашему времени напоминаний не будет.
tz-off = Часовой пояс забыт: напоминания приходят в любое время.
tz-usage = Укажите смещение от UTC, от -12 до +14: /tz +3, /tz UTC-5, /tz +5:30 или /tz off.
clock-skipped = ⏰ У игрока { $player } вышло время: ход сделан за него (пропусков подряд: { $misses }).
clock-computer = ⏰ У игрока { $player } вышло время: 🤖 за него ходит компьютер (пропусков подряд: { $misses }).
clock-removed = ⏰ У игрока { $player } вышло время: он выбывает из игры.
clock-vote = ⏰ У игрока { $player } вышло время (пропусков подряд: { $misses }). Остальные решают: исключить его из игры или подождать?
clock-waits = ⏰ У игрока { $player } тоже вышло время (пропусков подряд: { $misses }): ход стороны ждёт итога голосования.
vote-open = 🗳 Исключить игрока { $player } из игры или подождать? { $voters }: проголосовали { $votes } из { $of }.
btn-vote-remove = Исключить: { $player }
btn-vote-wait = Подождать
vote-counted = Ваш голос учтён.
vote-closed = Это голосование уже закончилось.
vote-yourself = Голосование о вас: просто сделайте ход, и оно закончится.
vote-removed = 🗳 Игроки решили: { $player } выбывает из игры.
vote-wait = 🗳 Игроки решили подождать: у игрока { $player } снова полное время на ход.
nudge-yourself = Сейчас ваш ход.
nudge-wait = Игрока уже торопили меньше часа назад: попробуйте через { $left }.
mygames-title = Ваши игры:
mygames-none = У вас нет незаконченных игр.
mygames-lobby = • { $game }: ждёт игроков
mygames-yours = • { $game }: ваш ход, осталось { $left }
mygames-theirs = • { $game }: ходит { $players }, осталось { $left }
clock-paused = ⏸ Все игроки согласны: часы остановлены. /resume снова их запустит.
clock-pause-asked = ⏸ { $player } просит остановить часы ({ $votes } из { $players }). Остальные: /pause, чтобы согласиться.
clock-resumed = ▶ Часы снова идут; у хода осталось прежнее время.
clock-stopped = ⏸ Часы остановлены (/resume).
pause-already = Часы уже остановлены. /resume снова их запустит.
resume-not-paused = Часы не остановлены.
vacation-set = 🏖 Ваши часы остановлены во всех играх на { $days } дн. (в этом году осталось { $left } дн.). /vacation off — закончить раньше.
vacation-on = 🏖 Вы в отпуске (в этом году осталось { $days } дн.). /vacation off — закончить.
vacation-status = В этом году у вас осталось { $days } дн. отпуска: /vacation N останавливает ваши часы во всех играх на N дней.
vacation-off = Отпуск окончен: ваши часы снова идут.
vacation-usage = Напишите /vacation N, где N от 1 до { $days } (осталось в этом году), или /vacation off.

# Продолжительность (часы хода, напоминания).
duration-minutes = { $n } мин
duration-hours = { $n } ч
duration-days = { $n } дн.
duration-pair = { $first } { $second }

# Команды владельца (/botstats, /abort, /maintenance): их видят только владельцы бота, в личном
# чате с ботом; maintenance-refused видят все, пока включён режим обслуживания.
owner-private-only = Пожалуйста, используйте эту команду в личном чате со мной.
owner-stats-title = Игротека: сводка
owner-stats-uptime = Работает уже { $time }.
owner-stats-tables = { $count ->
    [one] { $count } открытый стол
    [few] { $count } открытых стола
   *[many] { $count } открытых столов
}
owner-stats-game = { $game }: { $counts }
owner-status-lobby = набор игроков { $count }
owner-status-setup = расстановка { $count }
owner-status-playing = идёт игра { $count }
owner-stats-players = { $count ->
    [one] { $count } игрок за неделю
    [few] { $count } игрока за неделю
   *[many] { $count } игроков за неделю
}
owner-stats-moves = { $count ->
    [one] { $count } ход сегодня
    [few] { $count } хода сегодня
   *[many] { $count } ходов сегодня
}
owner-stats-store = Данные на диске: { $mb } МБ
owner-stats-store-unknown = Данные на диске: хранилище не сообщает размер.
owner-stats-maintenance-on = Режим обслуживания включён: новые игры не начинаются.
owner-stats-maintenance-off = Режим обслуживания выключен.
owner-abort-usage = Какой стол? Напишите /abort и его номер, например /abort 42.
owner-abort-unknown = Стола { $table } нет.
owner-abort-over = Стол { $table } уже закончен.
owner-abort-elsewhere = Стол { $table } играет в { $platform }: пожалуйста, завершите его оттуда.
owner-abort-done = Стол { $table } ({ $game }) завершён; игрокам сообщено.
owner-aborted = { $players }: владелец бота завершил эту игру ({ $game }). Простите, что прервали!
owner-maintenance-usage = /maintenance on — новые игры не начинаются (идущие продолжаются); /maintenance off — их снова можно начинать. Сейчас режим { $state ->
    [on] включён
   *[off] выключен
}.
owner-maintenance-on = Режим обслуживания включён: новые игры не начинаются, идущие продолжаются.
owner-maintenance-off = Режим обслуживания выключен: новые игры снова можно начинать.
maintenance-refused = Простите, новые игры сейчас не начинаются: бота обслуживают. Идущие игры продолжаются — попробуйте чуть позже.

# Ограничения от злоупотреблений (bots/src/limits, src/app/caps.rs).
limit-slow-down = Вы действуете быстрее, чем я успеваю: несколько секунд я не отвечаю на ваши нажатия и команды здесь. Ничего не изменилось — подождите немного и продолжайте.
limit-chat-busy = Из этого чата приходит больше, чем я успеваю обработать: несколько секунд часть нажатий пропускаю. Ничего не изменилось — подождите немного и продолжайте.
limit-command-too-long = Эта команда слишком длинная (не больше { $limit } символов). Ничего не изменилось.
limit-move-too-long = Этот ход слишком длинный (не больше { $limit } символов): напишите короче или воспользуйтесь кнопками. Ничего не изменилось.
limit-lobbies = У вас уже открыто столько наборов в игру, сколько можно одному человеку (предел: { $count }). Сначала начните или отмените (/cancel) один из них; список — /mygames.
limit-tables = В этом чате уже идёт столько игр, сколько можно (предел: { $count }). Сначала доиграйте или отмените (/cancel) одну из них.

# A thread per game (/threads).
threads-groups-only = Ветки — настройка группы: отправьте /threads в группе.
threads-unsupported = Здесь нет веток.
threads-are-on = 🧵 Каждая партия здесь идёт в своей ветке (в Telegram — в теме форума). /threads off — партии идут прямо в чате.
threads-are-off = Партии идут прямо в чате. /threads on — каждая партия при начале получает свою ветку (в Telegram — тему форума), и здесь могут идти несколько партий сразу.
threads-usage = Используйте /threads on или /threads off (или просто /threads, чтобы увидеть настройку).
threads-admins = Это может изменить только админ этого чата.
threads-in-topic = Отправьте /threads в общей теме группы: это настройка всей группы.
threads-on-telegram = 🧵 Теперь каждая партия здесь идёт в своей теме, которая открывается при начале игры; лобби и результат остаются здесь. Темы должны быть включены, и мне нужно право админа «Управление темами».
threads-on-discord = 🧵 Теперь каждая партия здесь идёт в своей ветке, открытой из лобби при начале игры; лобби и результат остаются здесь. Мне нужны права «Создавать публичные ветки» и «Отправлять сообщения в ветках».
threads-off = Партии снова идут прямо в чате. Партии, уже идущие в своих ветках, продолжаются там.
threads-opening = 🧵 Начали: партия переходит в свою ветку…
threads-refused-telegram = ⚠️ Не удалось открыть тему для этой партии (темы должны быть включены, и мне нужно право «Управление темами»), поэтому она идёт здесь.
threads-refused-discord = ⚠️ Не удалось открыть ветку для этой партии (мне нужно право «Создавать публичные ветки»), поэтому она идёт здесь.
