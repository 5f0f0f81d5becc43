# Игротека — съобщенията на разговорния двигател (български).

help =
    Игротека играе настолни игри в този чат.
    /play — изберете игра (или /play aeroplane, /play tank-battle); в личен чат с мен — срещу компютърни играчи
    /join — седнете на масата; /leave — напуснете лобито
    /startgame — започнете, когато всички са се събрали
    /board — покажете дъската отново (в личен чат — вашият изглед)
    /move — въведете ход, напр. /move g1 g3
    /score — листът с резултатите (в игрите, които го водят)
    /nudge — подканете играча на ход (веднъж на час); /mygames — вашите незавършени игри
    /pause — спрете часовника (със съгласието на всички), /resume; /vacation N — вашият часовник спира за N дни
    /tz +3 — вашата часова зона: без напомняния през нощта
    /resign — предайте се; /cancel — прекратете играта (създателят ѝ или администратор)
    /rules [игра] — правилата; /games — всички игри
    /lang — език: bg, en, pl, ru, uk, be, zh
    /boards edit|new — една дъска, която се обновява на място (по подразбиране), или нова дъска всеки ход
    /top [игра] — най-добрите играчи тук; /stats [име] — резултати на играч; /history — последните игри
    /replay [n] — завършена игра отново, като анимация (1 — последната)
    /watch — дъската на тази игра лично след всеки ход; /unwatch — стига
    /undo — помолете да върнете последния си ход (другите се съгласяват на дъската)
unknown-command = Не познавам командата /{ $command }. Вижте /help.
error-corrupt = Записът на тази игра не можа да бъде прочетен, затова е оставен настрана. Започнете нова с /play.
error-internal = Съжалявам, нещо се обърка при мен. Вижте играта такава, каквато е, с /board.
error-storage = Съжалявам, не успях да запиша това. Нищо не е променено — опитайте отново.
press-raced = Някой беше по-бърз: този бутон вече е остарял. Вижте най-новата дъска.
press-stale = Този бутон е остарял. Използвайте най-новото съобщение с дъската (или /board).
press-stale-prompt = Този въпрос е остарял: замени го по-нов. Използвайте най-новото си лично съобщение (или /board).
press-forged = Не разпознавам този бутон. Нищо не е променено.
press-not-yours = Този бутон е на друг играч.
press-gone = Тази игра вече не съществува.
press-over = Тази игра е приключила.
not-a-player = Не участвате в тази игра.
not-your-turn = Не сте на ход.
not-started = Играта още не е започнала.
no-game-here = В този чат няма игра. Започнете с /play.
move-impossible = Този ход сега не е възможен.
move-usage = Въведете означенията на хода, както са на бутоните, напр. /move g1 g3.
play-pick = Какво ще играем?
play-unknown = Не познавам игра „{ $game }“. Вижте /games.
play-planned = „{ $game }“ идва скоро. Вижте /games какво може да се играе сега.
play-bad-setting = Тази настройка не е правилна: { $error }. Настройки: { $settings }.
play-busy = Тук вече тече игра „{ $game }“. Вижте я с /board или я прекратете с /cancel.
lobby-title = Нова игра: { $game }
lobby-players = Играчи ({ $count } от { $seats }): { $players }
seats-either = { $some } или { $last }
lobby-hint = Натиснете „Включвам се“, за да играете; 🤖 + добавя компютърен играч (лесен, среден или силен). Когато всички са тук, който и да е играч натиска „Старт“.
lobby-hint-solo = Добавете компютърни играчи с 🤖 + (лесен, среден или силен), после натиснете „Старт“.
lobby-private-hello = Седнахте на масата за „{ $game }“. Когато играта започне, тайната ви подредба ще дойде тук, в този личен чат.
lobby-closed = Лобито е затворено: всички си тръгнаха.
btn-join = Включвам се
btn-leave = Излизам
btn-start = Старт
btn-my-board = 👁 Моята дъска
btn-back = ⬅ Назад
join-done = Включихте се.
btn-add-computer = 🤖 + { $level }
btn-drop-computer = 🤖 −
btn-rematch = 🔁 Реванш
rematch-invite = 🔁 Реванш! { $players }, натиснете „Включвам се“, за да играете отново.
rematch-done = Нова маса е отворена.
rematch-players-only = Реванш могат да поискат само играчите от тази игра; нова игра се отваря с /play.
top-title = 🏆 { $game }: най-добрите играчи тук
top-line = { $place }. { $player } — { $points } (игри: { $games }, победи: { $wins })
top-computer = 🤖 Компютър ({ $level })
top-empty = В този чат още не е завършила нито една игра. Започнете с /play.
top-empty-game = Тук още не е завършила нито една партия „{ $game }“.
top-hint = Всички започват от 1000; победа над по-силни носи повече. /stats — резултати на играч, /history — последните игри.
top-computers-usage = /top computers off маха компютърните играчи от /top в този чат; /top computers on ги връща.
top-computers-admins = Само администратор на чата може да промени това.
top-computers-hidden = Компютърните играчи вече не се показват в /top на този чат.
top-computers-shown = Компютърните играчи отново се показват в /top на този чат.
stats-title = 📊 { $player } в този чат
stats-line = { $game }: игри { $games }, победи { $wins }, средно място { $place }, най-добра серия { $streak }, рейтинг { $points }
stats-none = { $player } още не е завършил(а) игра в този чат.
stats-none-mentioned = Този играч още не е завършил игра в този чат.
stats-unknown = Никой с име „{ $name }“ не е завършвал игри в този чат. Напишете името, както е в /top (в Discord — изберете играча).
stats-ambiguous = На „{ $name }“ отговарят няколко играчи: { $names }. Напишете повече от името.
history-title = 📜 Последните игри в този чат
history-line = { $date } · { $game } · { $result }
btn-replay = ▶️ Повторение
replay-caption = 🎬 { $game } · { $result } · ходове: { $moves }
replay-coming = Повторението е на път.
replay-none = В този чат още не е завършила нито една игра: няма какво да се повтори. Започнете игра: /play.
replay-which = /replay N повтаря игра от /history: N от 1 (последната) до { $count }.
replay-gone = Записът на тази игра не е запазен, няма повторение.
replay-not-finished = Повторение има само игра, изиграна докрай.
replay-just-sent = Това повторение беше поискано току-що: то е на път.
watch-on = 👁 { $player } гледа играта: дъската ще идва лично след всеки ход. /unwatch спира.
watch-already = { $player }, вече гледате тази игра. /unwatch спира.
watch-player = Играете в тази игра: дъската ви е тук (а /board в личния чат с мен показва вашия изглед).
watch-full = Тази игра вече има { $count } зрители — повече не може.
watch-in-group = Изпратете /watch в чата, където се играе играта.
watch-off = 🙈 Дъската на { $game } повече няма да идва.
watch-not-watching = Не гледате тази игра. /watch започва.
watch-none = Не гледате никоя игра. Изпратете /watch в чата на играта.
watch-which = Коя игра да спра да изпращам?
watch-caption = 👁 { $game }
watch-unreachable = { $player }, още не мога да ви пиша лично. Отворете личен чат с мен (в Telegram натиснете там „Старт“; в Discord разрешете лични съобщения от този сървър) и изпратете /watch отново.
btn-unwatch = 🙈 Спри да гледаш
undo-asked = ↩️ { $player } моли да върне последния си ход.
undo-open = ↩️ Да се върне ли последният ход на { $player }? Чакаме отговор от: { $players }.
btn-undo-accept = ✅ Върни го
btn-undo-refuse = ❌ Остави го
undo-ping = 🔔 { $players }: { $player } моли да върне последния си ход. Отговорете на дъската.
undo-done = ↩️ Последният ход на { $player } е върнат.
undo-refused = ❌ { $decider } е против: ходът на { $player } остава.
undo-counted = Съгласието е прието. Чакаме другите.
undo-over = Тази молба вече не важи: играта продължи.
undo-own = Вие помолихте — другите решават.
undo-nothing = Нямате ход за връщане.
undo-too-late = Оттогава вече е играно: може да се върне само последният ви ход, преди следващият играч да е играл.
undo-revealed = Този ход разкри тайна: не може да бъде върнат.
undo-private = Таен избор не може да бъде върнат (подредбата има свои бутони за промяна).
undo-pending = Вече има молба за връщане: първо отговорете на дъската.
undo-computer-refuses = 🤖 { $player } е против: игрите в този чат влизат в класирането му. (В личен чат с мен, само срещу компютри, ходовете може да се връщат.)
history-draw = равен: { $players }
computer-name = 🤖 Компютър { $n } ({ $level })
computer-added = Компютърен играч сяда на масата.
computer-dropped = Компютърният играч става от масата.
level-easy = лесен
level-normal = среден
level-strong = силен
join-already = Вече сте на тази маса.
join-full = Масата е пълна.
join-started = Играта вече започна.
leave-done = Излязохте.
leave-use-resign = Играта тече: за да се предадете, използвайте /resign.
setting-creator-only = Настройките се променят само от играча, отворил лобито.
setting-done = Настройката е променена.
start-need-players = Тази игра е за { $seats } играчи.
start-failed = Играта не можа да започне: { $error }
start-done = Да играем!
turn-prompt = { $player }, ваш ход: { $prompt }
turn-computer = { $player } мисли…
turn-stand-in = 🤖 Компютър играе хода на { $player }…
turn-stand-in-busy = Този ход го играе компютър вместо вас, защото времето ви изтече. Следващият ход отново е ваш.
turn-waiting-private = Чакаме: { $players } (в лични съобщения).
prompt-choose = изберете.
results-title = 🏁 Играта свърши.
results-line = { $place }. { $player }
results-line-score = { $place }. { $player } — { $score }
games-title = Игри:
games-line = { $id } — { $name } ({ $seats } играчи)
rules-which = Коя игра? Например /rules aeroplane. Вижте /games.
cancel-not-allowed = Само играчът, започнал играта, или администратор на чата може да я прекрати.
cancel-done = { $player } прекрати играта.
resign-done = { $player } се предава.
game-left-to-computers = На масата останаха само компютърни играчи, затова играта свършва тук, без победител.
board-none-private = Нямате текущи игри.
lang-usage = Изберете език: /lang { $languages }
lang-done = Тук ще говоря на български.
lang-name = български
lang-not-allowed = В група езика сменя само администратор на чата или създателят на играта тук.
game-air-battle = Въздушен бой (Воздушный бой)
console-welcome = Конзола на Игротека. Напишете „as ИМЕ /команда“, за да действате като потребител, „press N“ (или „as ИМЕ press N“), за да натиснете бутон N, „help“ за още, „quit“ за изход.

ping-turn = 🔔 { $players }: ваш ход в „{ $game }“.
press-refreshed = Дъската беше изостанала; ето я каквато е сега.
private-unreachable = { $player }, още не мога да ви пиша лично. Натиснете бутона отдолу, за да получавате личните съобщения на тази игра (в Telegram той отваря нашия личен чат: натиснете там „Старт“).
btn-private-chat = 🔒 Отвори личен чат

boards-usage = Дъски тук: { $mode }. /boards edit пази една дъска, обновявана на място при всеки ход; /boards new праща нова дъска всеки ход, така че чатът пази историята на партията.
boards-new = Отсега всеки ход получава тук ново съобщение с дъската; старите остават, без бутони.
boards-edit = Отсега в този чат има по една дъска на игра, обновявана на място.
score-title = 📋 Лист с резултатите: { $game }
score-none = Тази игра не води лист с резултатите.
score-empty = (още нищо не е записано)
score-earlier = … { $count ->
    [one] { $count } по-ранен запис
   *[other] { $count } по-ранни записа
}

# Часовници (в лобито на всяка игра).
setting-turn = Време за ход
setting-turn-5m = 5 мин
setting-turn-15m = 15 мин
setting-turn-1h = 1 час
setting-turn-12h = 12 часа
setting-turn-24h = 24 часа
setting-turn-3d = 3 дни
setting-turn-7d = 7 дни
setting-turn-off = без ограничение
setting-timeout = При изтекло време
setting-timeout-skip = ходът се играе вместо играча
setting-timeout-remove = играчът отпада
setting-timeout-vote = другите гласуват: да го махнат или да чакат
setting-timeout-computer = компютър играе вместо него
setting-misses = Отпадане след пропуснати ходове
setting-misses-2 = 2 поред
setting-misses-3 = 3 поред
setting-misses-5 = 5 поред
setting-misses-never = никога
clock-left = ⏳ { $players }: остават { $left } за хода.
clock-reminder-half = ⏰ { $player }, ваш ход е в „{ $game }“: остават { $left }.
clock-reminder-near = ⏰ { $player }, времето ви в „{ $game }“ почти изтече: остават { $left }.
clock-digest = ⏰ { $player }, на ход сте в { $count ->
    [one] { $count } игра
   *[other] { $count } игри
}:
tz-is = Часовата ви зона е { $zone }: от { $from }:00 до { $to }:00 ваше време няма напомняния. /tz off я забравя.
tz-none = Кажете ми часовата си зона и нощем няма да идват напомняния: /tz +3 (или /tz UTC-5, /tz +5:30).
tz-set = Часова зона { $zone }: от { $from }:00 до { $to }:00 ваше време няма да има напомняния.
tz-off = Часовата ви зона е забравена: напомнянията идват по всяко време.
tz-usage = Използвайте /tz с отместване от UTC, от -12 до +14: /tz +3, /tz UTC-5, /tz +5:30 или /tz off.
clock-skipped = ⏰ Времето на { $player } изтече: ходът беше изигран вместо него (пропуснати поред: { $misses }).
clock-computer = ⏰ Времето на { $player } изтече: 🤖 компютър играе хода вместо него (пропуснати поред: { $misses }).
clock-removed = ⏰ Времето на { $player } изтече и той отпада от играта.
clock-vote = ⏰ Времето на { $player } изтече (пропуснати поред: { $misses }). Другите играчи решават: да го махнат от играта или да почакат?
clock-waits = ⏰ Времето на { $player } също изтече (пропуснати поред: { $misses }): ходът на неговата страна чака гласуването.
vote-open = 🗳 Да махнем ли { $player } от играта, или да го почакаме? { $voters }: гласували { $votes } от { $of }.
btn-vote-remove = Махни { $player }
btn-vote-wait = Чакаме
vote-counted = Гласът ви е отчетен.
vote-closed = Това гласуване приключи.
vote-yourself = Гласуването е за вас: просто изиграйте хода си и то ще приключи.
vote-removed = 🗳 Играчите решиха: { $player } отпада от играта.
vote-wait = 🗳 Играчите решиха да почакат: { $player } получава отново цялото време за ход.
nudge-yourself = Вие сте на ход.
nudge-wait = Играчът на ход беше подканен преди по-малко от час: опитайте пак след { $left }.
mygames-title = Вашите игри:
mygames-none = Нямате незавършени игри.
mygames-lobby = • { $game }: чака в лобито
mygames-yours = • { $game }: ваш ход, остават { $left }
mygames-theirs = • { $game }: на ход е { $players }, остават { $left }
clock-paused = ⏸ Всички играчи се съгласиха: часовникът е спрян. /resume го пуска отново.
clock-pause-asked = ⏸ { $player } иска да спре часовника ({ $votes } от { $players }). Останалите: /pause, ако сте съгласни.
clock-resumed = ▶ Часовникът тръгна отново; ходът запазва времето, което имаше.
clock-stopped = ⏸ Часовникът е спрян (/resume).
pause-already = Часовникът вече е спрян. /resume го пуска отново.
resume-not-paused = Часовникът не е спрян.
vacation-set = 🏖 Часовникът ви спира във всичките ви игри за { $days ->
    [one] { $days } ден
   *[other] { $days } дни
} (от годишния лимит остават: { $left }). /vacation off го прекратява по-рано.
vacation-on = 🏖 В отпуск сте (от годишния лимит остават дни: { $days }). /vacation off го прекратява.
vacation-status = Тази година ви остават дни отпуск: { $days }. /vacation N спира часовника ви във всички игри за N дни.
vacation-off = Отпускът свърши: часовниците ви вървят отново.
vacation-usage = Използвайте /vacation N, където N е от 1 до { $days } (оставащите дни за годината), или /vacation off.

# Продължителност (часовници, напомняния).
duration-minutes = { $n } мин
duration-hours = { $n } ч
duration-days = { $n ->
    [one] { $n } ден
   *[other] { $n } дни
}
duration-pair = { $first } { $second }

# Командите на собственика (/botstats, /abort, /maintenance): виждат ги само собствениците на
# бота, в личния чат с него; maintenance-refused виждат всички, докато режимът на поддръжка е
# включен.
owner-private-only = Моля, използвайте тази команда в личния си чат с мен.
owner-stats-title = Игротека накратко
owner-stats-uptime = Работи вече { $time }.
owner-stats-tables = { $count ->
    [one] { $count } отворена маса
   *[other] { $count } отворени маси
}
owner-stats-game = { $game }: { $counts }
owner-status-lobby = събиране на играчи { $count }
owner-status-setup = подреждане { $count }
owner-status-playing = в игра { $count }
owner-stats-players = { $count ->
    [one] { $count } играч тази седмица
   *[other] { $count } играчи тази седмица
}
owner-stats-moves = { $count ->
    [one] { $count } ход днес
   *[other] { $count } хода днес
}
owner-stats-store = Данни на диска: { $mb } МБ
owner-stats-store-unknown = Данни на диска: хранилището не съобщава размера.
owner-stats-maintenance-on = Режимът на поддръжка е включен: нови игри не се започват.
owner-stats-maintenance-off = Режимът на поддръжка е изключен.
owner-abort-usage = Коя маса? Напишете /abort и номера ѝ, например /abort 42.
owner-abort-unknown = Няма маса { $table }.
owner-abort-over = Маса { $table } вече е приключила.
owner-abort-elsewhere = Маса { $table } се играе в { $platform }: моля, прекратете я оттам.
owner-abort-done = Маса { $table } ({ $game }) е прекратена; играчите са уведомени.
owner-aborted = { $players }: собственикът на бота прекрати тази игра ({ $game }). Извинете за прекъсването!
owner-maintenance-usage = /maintenance on — нови игри не се започват (текущите продължават); /maintenance off — отново може. Сега режимът е { $state ->
    [on] включен
   *[off] изключен
}.
owner-maintenance-on = Режимът на поддръжка е включен: нови игри не се започват, текущите продължават.
owner-maintenance-off = Режимът на поддръжка е изключен: новите игри отново са добре дошли.
maintenance-refused = Съжалявам, точно сега не започвам нови игри: ботът е в поддръжка. Текущите игри продължават — опитайте малко по-късно.

# Ограничения срещу злоупотреби (bots/src/limits, src/app/caps.rs).
limit-slow-down = Действате по-бързо, отколкото смогвам: няколко секунди не отговарям на натисканията и командите ви тук. Нищо не се промени — изчакайте малко и продължете.
limit-chat-busy = От този чат идва повече, отколкото смогвам: няколко секунди пропускам част от натисканията. Нищо не се промени — изчакайте малко и продължете.
limit-command-too-long = Тази команда е твърде дълга (най-много { $limit } знака). Нищо не се промени.
limit-move-too-long = Този ход е твърде дълъг (най-много { $limit } знака): напишете по-кратък или използвайте бутоните. Нищо не се промени.
limit-lobbies = Вече имате толкова отворени покани за игра, колкото може един човек (граница: { $count }). Първо започнете или отменете (/cancel) някоя от тях; списъкът е в /mygames.
limit-tables = В този чат вече вървят толкова игри, колкото може (граница: { $count }). Първо довършете или отменете (/cancel) някоя от тях.
