# Гульнятэка — паведамленні рухавіка размовы (беларуская).

help =
    Гульнятэка гуляе ў настольныя гульні проста ў гэтым чаце.
    /play — выбраць гульню (або /play aeroplane, /play tank-battle); у асабістым чаце са мной — супраць камп'ютараў
    /join — сесці за стол; /leave — выйсці з лобі
    /startgame — пачаць, калі ўсе сабраліся
    /board — паказаць дошку яшчэ раз (у асабістым чаце — ваш уласны выгляд)
    /move — увесці ход, напрыклад /move g1 g3
    /score — ліст ліку (у гульнях, дзе ён ёсць)
    /nudge — падагнаць гульца, чый ход (раз на гадзіну); /mygames — вашы незакончаныя гульні
    /pause — спыніць гадзіннік (са згоды ўсіх), /resume; /vacation N — ваш гадзіннік стаіць N дзён
    /tz +3 — ваш часавы пояс: уначы без напамінаў
    /resign — здацца; /cancel — спыніць гульню (яе заснавальнік або адміністратар)
    /rules [гульня] — правілы; /games — усе гульні
    /lang — мова: be, en, pl, ru, uk, bg, zh
    /boards edit|new — адна дошка, якая абнаўляецца на месцы (па змаўчанні), або новая дошка кожны ход
    /top [гульня] — лепшыя гульцы тут; /stats [імя] — вынікі гульца; /history — апошнія гульні
    /replay [n] — скончаная гульня яшчэ раз, у анімацыі (1 — апошняя)
    /watch — дошка гэтай гульні ў асабістыя пасля кожнага ходу; /unwatch — хопіць
    /undo — папрасіць вярнуць свой апошні ход (астатнія згаджаюцца на дошцы)
unknown-command = Я не ведаю каманды /{ $command }. Глядзіце /help.
error-corrupt = Запіс гэтай гульні не ўдалося прачытаць, таму яго адкладзена ўбок. Пачніце новую: /play.
error-internal = Прабачце, у мяне нешта пайшло не так. Паглядзіце, як стаіць гульня: /board.
error-storage = Прабачце, не ўдалося захаваць. Нічога не змянілася — паспрабуйце яшчэ раз.
press-raced = Нехта паспеў раней: гэтая кнопка ўжо састарэла. Глядзіце апошнюю дошку.
press-stale = Гэтая кнопка састарэла. Карыстайцеся апошнім паведамленнем з дошкай (або /board).
press-stale-prompt = Гэтае пытанне састарэла: яго змяніла навейшае. Карыстайцеся апошнім асабістым паведамленнем (або /board).
press-forged = Гэтай кнопкі я не пазнаю. Нічога не змянілася.
press-not-yours = Гэтая кнопка належыць іншаму гульцу.
press-gone = Гэтай гульні больш няма.
press-over = Гэтая гульня ўжо скончылася.
not-a-player = Вы не гуляеце ў гэтай гульні.
not-your-turn = Цяпер не ваш ход.
not-started = Гульня яшчэ не пачалася.
no-game-here = У гэтым чаце няма гульні. Пачніце яе: /play.
move-impossible = Такі ход цяпер немагчымы.
move-usage = Увядзіце пазнакі ходу, як на кнопках, напрыклад /move g1 g3.
play-pick = У што згуляем?
play-unknown = Я не ведаю гульні «{ $game }». Глядзіце /games.
play-planned = «{ $game }» хутка з'явіцца. У /games — тое, у што можна гуляць ужо цяпер.
play-bad-setting = Налада пазначана няправільна: { $error }. Налады: { $settings }.
play-busy = Тут ужо ідзе гульня «{ $game }». Паглядзець: /board, скасаваць: /cancel.
lobby-title = Новая гульня: { $game }
lobby-players = Гульцы ({ $count } з { $seats }): { $players }
seats-either = { $some } або { $last }
lobby-hint = Націсніце «Гуляю», каб далучыцца; 🤖 + садзіць за стол камп'ютар (лёгкі, сярэдні або моцны). Калі ўсе на месцы, любы гулец націскае «Пачаць».
lobby-hint-solo = Пасадзіце за стол камп'ютары кнопкамі 🤖 + (лёгкі, сярэдні або моцны) і націсніце «Пачаць».
lobby-private-hello = Вы за сталом гульні «{ $game }». Калі гульня пачнецца, ваша тайная расстаноўка прыйдзе сюды, у гэты асабісты чат.
lobby-closed = Лобі зачынена: усе выйшлі.
btn-join = Гуляю
btn-leave = Выйсці
btn-start = Пачаць
btn-my-board = 👁 Мая дошка
btn-back = ⬅ Назад
join-done = Вы за сталом.
btn-add-computer = 🤖 + { $level }
btn-drop-computer = 🤖 −
btn-rematch = 🔁 Рэванш
rematch-invite = 🔁 Рэванш! { $players }, націсніце «Гуляю», каб згуляць яшчэ раз.
rematch-done = Новы стол адкрыты.
rematch-players-only = Рэванш могуць папрасіць толькі гульцы гэтай партыі; новую гульню адкрывае /play.
top-title = 🏆 { $game }: лепшыя гульцы тут
top-line = { $place }. { $player } — { $points } (гульняў: { $games }, перамог: { $wins })
top-computer = 🤖 Камп’ютар ({ $level })
top-empty = У гэтым чаце яшчэ не скончылася ніводная гульня. Пачніце з /play.
top-empty-game = Тут яшчэ не скончылася ніводная партыя ў «{ $game }».
top-hint = Усе пачынаюць з 1000; перамога над мацнейшымі дае больш. /stats — вынікі гульца, /history — апошнія гульні.
top-computers-usage = /top computers off прыбірае камп’ютарных гульцоў з /top у гэтым чаце; /top computers on вяртае іх.
top-computers-admins = Гэта можа змяніць толькі адміністратар чата.
top-computers-hidden = Камп’ютарныя гульцы больш не паказваюцца ў /top гэтага чата.
top-computers-shown = Камп’ютарныя гульцы зноў паказваюцца ў /top гэтага чата.
stats-title = 📊 { $player } у гэтым чаце
stats-line = { $game }: гульняў { $games }, перамог { $wins }, сярэдняе месца { $place }, лепшая серыя { $streak }, рэйтынг { $points }
stats-none = { $player } яшчэ не скончыў(ла) ніводнай гульні ў гэтым чаце.
stats-none-mentioned = Гэты гулец яшчэ не скончыў ніводнай гульні ў гэтым чаце.
stats-unknown = Ніхто з імем «{ $name }» не заканчваў гульняў у гэтым чаце. Пазначце імя, як у /top (у Discord — выберыце гульца).
stats-ambiguous = Пад «{ $name }» падыходзяць некалькі гульцоў: { $names }. Напішыце імя падрабязней.
history-title = 📜 Апошнія гульні ў гэтым чаце
history-line = { $date } · { $game } · { $result }
btn-replay = ▶️ Паўтор
replay-caption = 🎬 { $game } · { $result } · хадоў: { $moves }
replay-coming = Паўтор ужо ў дарозе.
replay-none = У гэтым чаце яшчэ не скончылася ніводная гульня: паўтараць няма чаго. Пачніце гульню: /play.
replay-which = /replay N паўтарае гульню з /history: N ад 1 (апошняя) да { $count }.
replay-gone = Запіс гэтай гульні не захаваўся, паўтору няма.
replay-not-finished = Паўтор ёсць толькі ў гульні, дагулянай да канца.
replay-just-sent = Гэты паўтор толькі што запыталі: ён ужо ў дарозе.
watch-on = 👁 { $player } глядзіць гульню: дошка будзе прыходзіць у асабістыя пасля кожнага ходу. /unwatch — спыніць.
watch-already = { $player }, вы ўжо глядзіце гэтую гульню. /unwatch — спыніць.
watch-player = Вы гуляеце ў гэтай гульні: ваша дошка тут (а /board у асабістым чаце са мной пакажа ваш выгляд).
watch-full = У гэтай гульні ўжо { $count } гледачоў — больш нельга.
watch-in-group = Адпраўце /watch у чаце, дзе ідзе гульня.
watch-off = 🙈 Дошка гульні { $game } больш не будзе прыходзіць.
watch-not-watching = Вы не глядзіце гэтую гульню. /watch — пачаць.
watch-none = Вы не глядзіце ніводнай гульні. Адпраўце /watch у чаце гульні.
watch-which = Якую гульню больш не дасылаць?
watch-caption = 👁 { $game }
watch-unreachable = { $player }, я пакуль не магу пісаць вам у асабістыя. Адкрыйце асабісты чат са мной (у Telegram націсніце там «Старт»; у Discord дазвольце асабістыя паведамленні ад гэтага сервера) і адпраўце /watch яшчэ раз.
btn-unwatch = 🙈 Не глядзець
undo-asked = ↩️ { $player } просіць вярнуць свой апошні ход.
undo-open = ↩️ Вярнуць апошні ход { $player }? Чакаем адказу: { $players }.
btn-undo-accept = ✅ Вярнуць
btn-undo-refuse = ❌ Пакінуць
undo-ping = 🔔 { $players }: { $player } просіць вярнуць свой апошні ход. Адкажыце на дошцы.
undo-done = ↩️ Апошні ход { $player } вернуты.
undo-refused = ❌ { $decider } супраць: ход { $player } застаецца.
undo-counted = Згоду прынята. Чакаем астатніх.
undo-over = Гэтая просьба ўжо не дзейнічае: гульня пайшла далей.
undo-own = Прасілі вы — вырашаюць астатнія.
undo-nothing = Вам няма чаго вяртаць.
undo-too-late = З таго часу ўжо хадзілі: вярнуць можна толькі свой апошні ход, пакуль не пахадзіў наступны.
undo-revealed = Гэты ход раскрыў таямніцу: яго нельга вярнуць.
undo-private = Таемны выбар вярнуць нельга (у расстаноўцы ёсць свае кнопкі, каб яго змяніць).
undo-pending = Вярнуць ход ужо просяць: спачатку адкажыце на дошцы.
undo-computer-refuses = 🤖 { $player } супраць: гульні ў гэтым чаце ідуць у яго рэйтынг. (У асабістым чаце са мной, супраць адных камп'ютараў, хады вяртаць можна.)
history-draw = нічыя: { $players }
computer-name = 🤖 Камп'ютар { $n } ({ $level })
computer-added = Камп'ютар садзіцца за стол.
computer-dropped = Камп'ютар сыходзіць.
level-easy = лёгкі
level-normal = сярэдні
level-strong = моцны
join-already = Вы ўжо за гэтым сталом.
join-full = Вольных месцаў няма.
join-started = Гульня ўжо пачалася.
leave-done = Вы выйшлі.
leave-use-resign = Гульня ідзе: каб здацца, карыстайцеся /resign.
setting-creator-only = Налады мяняе толькі той, хто адкрыў лобі.
setting-done = Наладу зменена.
start-need-players = Для гэтай гульні патрэбна гульцоў: { $seats }.
start-failed = Гульню не ўдалося пачаць: { $error }
start-done = Гуляем!
turn-prompt = { $player }, ваш ход: { $prompt }
turn-computer = { $player } думае…
turn-stand-in = 🤖 За гульца { $player } ходзіць камп'ютар…
turn-stand-in-busy = Гэты ход за вас робіць камп'ютар: ваш час скончыўся. Наступны ход зноў ваш.
turn-waiting-private = Чакаем: { $players } (у асабістых паведамленнях).
prompt-choose = выберыце.
results-title = 🏁 Гульня скончана.
results-line = { $place }. { $player }
results-line-score = { $place }. { $player } — { $score }
games-title = Гульні:
games-line = { $id } — { $name } (гульцоў: { $seats })
rules-which = Якая гульня? Напрыклад, /rules aeroplane. Глядзіце /games.
cancel-not-allowed = Скасаваць гульню можа толькі той, хто яе пачаў, або адміністратар чата.
cancel-done = { $player } скасоўвае гульню.
resign-done = { $player } здаецца.
game-left-to-computers = За сталом засталіся адны камп'ютары, таму гульня на гэтым заканчваецца, без пераможцы.
board-none-private = У вас няма гульняў, якія ідуць.
lang-usage = Выберыце мову: /lang { $languages }
lang-done = Тут я буду размаўляць па-беларуску.
lang-name = беларуская
lang-not-allowed = У групе мову мяняе толькі адміністратар чата або заснавальнік гульні, якая тут ідзе.
game-air-battle = Паветраны бой (Воздушный бой)
console-welcome = Кансоль Гульнятэкі. «as ІМЯ /каманда» — дзейнічаць ад імя карыстальніка, «press N» (або «as ІМЯ press N») — націснуць кнопку N, «help» — падрабязней, «quit» — выхад.

ping-turn = 🔔 { $players }: ваш ход у гульні «{ $game }».
press-refreshed = Дошка адстала; вось якая яна цяпер.
private-unreachable = { $player }, я пакуль не магу напісаць вам асабіста. Націсніце кнопку ніжэй, каб атрымліваць асабістыя паведамленні гэтай гульні (у Telegram яна адкрые наш асабісты чат: націсніце там «Пачаць»).
btn-private-chat = 🔒 Адкрыць асабісты чат

boards-usage = Дошкі тут: { $mode }. /boards edit — адна дошка, якая абнаўляецца з кожным ходам; /boards new — новая дошка кожны ход, і ў чаце застаецца гісторыя партыі.
boards-new = Цяпер кожны ход тут прыходзіць новая дошка; старыя застаюцца, без кнопак.
boards-edit = Цяпер у гэтым чаце адна дошка на гульню, яна абнаўляецца на месцы.
score-title = 📋 Лік: { $game }
score-none = У гэтай гульні няма ліста ліку.
score-empty = (пакуль нічога не запісана)
score-earlier = … яшчэ { $count ->
    [one] { $count } запіс
    [few] { $count } запісы
   *[many] { $count } запісаў
} раней

# Гадзіннікі ходу (у лобі кожнай гульні).
setting-turn = Час на ход
setting-turn-5m = 5 хв
setting-turn-15m = 15 хв
setting-turn-1h = 1 гадзіна
setting-turn-12h = 12 гадзін
setting-turn-24h = 24 гадзіны
setting-turn-3d = 3 дні
setting-turn-7d = 7 дзён
setting-turn-off = без абмежавання
setting-timeout = Калі час скончыўся
setting-timeout-skip = ход робіцца за гульца
setting-timeout-remove = гулец выбывае
setting-timeout-vote = вырашаюць астатнія: выключыць або чакаць
setting-timeout-computer = за яго ходзіць камп'ютар
setting-misses = Выбывае пасля пропускаў
setting-misses-2 = 2 запар
setting-misses-3 = 3 запар
setting-misses-5 = 5 запар
setting-misses-never = ніколі
clock-left = ⏳ { $players }: на ход { $left }.
clock-reminder-half = ⏰ { $player }, ваш ход у гульні «{ $game }»: засталося { $left }.
clock-reminder-near = ⏰ { $player }, час на ход у гульні «{ $game }» амаль скончыўся: засталося { $left }.
clock-digest = ⏰ { $player }, ваш ход у { $count ->
    [one] { $count } гульні
    [few] { $count } гульнях
   *[many] { $count } гульнях
}:
tz-is = Ваш часавы пояс { $zone }: з { $from }:00 да { $to }:00 па вашым часе напамінаў няма. /tz off — забыць яго.
tz-none = Паведаміце свой часавы пояс, і ўначы напаміны не прыйдуць: /tz +3 (або /tz UTC-5, /tz +5:30).
tz-set = Часавы пояс { $zone }: з { $from }:00 да { $to }:00 па вашым часе напамінаў не будзе.
tz-off = Часавы пояс забыты: напаміны прыходзяць у любы час.
tz-usage = Пазначце зрух ад UTC, ад -12 да +14: /tz +3, /tz UTC-5, /tz +5:30 або /tz off.
clock-skipped = ⏰ У гульца { $player } скончыўся час: ход зроблены за яго (пропускаў запар: { $misses }).
clock-computer = ⏰ У гульца { $player } скончыўся час: 🤖 за яго ходзіць камп'ютар (пропускаў запар: { $misses }).
clock-removed = ⏰ У гульца { $player } скончыўся час: ён выбывае з гульні.
clock-vote = ⏰ У гульца { $player } скончыўся час (пропускаў запар: { $misses }). Астатнія вырашаюць: выключыць яго з гульні ці пачакаць?
clock-waits = ⏰ У гульца { $player } таксама скончыўся час (пропускаў запар: { $misses }): ход яго боку чакае вынікаў галасавання.
vote-open = 🗳 Выключыць гульца { $player } з гульні ці пачакаць? { $voters }: прагаласавалі { $votes } з { $of }.
btn-vote-remove = Выключыць: { $player }
btn-vote-wait = Пачакаць
vote-counted = Ваш голас улічаны.
vote-closed = Гэтае галасаванне ўжо скончылася.
vote-yourself = Галасаванне пра вас: проста зрабіце ход, і яно скончыцца.
vote-removed = 🗳 Гульцы вырашылі: { $player } выбывае з гульні.
vote-wait = 🗳 Гульцы вырашылі пачакаць: у гульца { $player } зноў поўны час на ход.
nudge-yourself = Цяпер ваш уласны ход.
nudge-wait = Гульца ўжо падганялі менш за гадзіну таму: паспрабуйце праз { $left }.
mygames-title = Вашы гульні:
mygames-none = У вас няма незакончаных гульняў.
mygames-lobby = • { $game }: чакае гульцоў
mygames-yours = • { $game }: ваш ход, засталося { $left }
mygames-theirs = • { $game }: ходзіць { $players }, засталося { $left }
clock-paused = ⏸ Усе гульцы згодныя: гадзіннік спынены. /resume зноў яго запусціць.
clock-pause-asked = ⏸ { $player } просіць спыніць гадзіннік ({ $votes } з { $players }). Астатнія: /pause, каб пагадзіцца.
clock-resumed = ▶ Гадзіннік зноў ідзе; у ходу застаўся ранейшы час.
clock-stopped = ⏸ Гадзіннік спынены (/resume).
pause-already = Гадзіннік ужо спынены. /resume зноў яго запусціць.
resume-not-paused = Гадзіннік не спынены.
vacation-set = 🏖 Вашы гадзіннікі спынены ва ўсіх гульнях на { $days ->
    [one] { $days } дзень
    [few] { $days } дні
   *[many] { $days } дзён
} (у гэтым годзе засталося дзён: { $left }). /vacation off — скончыць раней.
vacation-on = 🏖 Вы ў адпачынку (у гэтым годзе засталося дзён: { $days }). /vacation off — скончыць.
vacation-status = У гэтым годзе ў вас засталося дзён адпачынку: { $days }. /vacation N спыняе вашы гадзіннікі ва ўсіх гульнях на N дзён.
vacation-off = Адпачынак скончыўся: вашы гадзіннікі зноў ідуць.
vacation-usage = Напішыце /vacation N, дзе N ад 1 да { $days } (колькі засталося ў гэтым годзе), або /vacation off.

# Працягласць (гадзіннікі ходу, напаміны).
duration-minutes = { $n } хв
duration-hours = { $n } гадз
duration-days = { $n ->
    [one] { $n } дзень
    [few] { $n } дні
   *[many] { $n } дзён
}
duration-pair = { $first } { $second }

# Каманды ўладальніка (/botstats, /abort, /maintenance): іх бачаць толькі ўладальнікі бота, у
# асабістым чаце з ботам; maintenance-refused бачаць усе, пакуль уключаны рэжым абслугоўвання.
owner-private-only = Калі ласка, карыстайцеся гэтай камандай у асабістым чаце са мной.
owner-stats-title = Гульнятэка: зводка
owner-stats-uptime = Працуе ўжо { $time }.
owner-stats-tables = { $count ->
    [one] { $count } адкрыты стол
    [few] { $count } адкрытыя сталы
   *[many] { $count } адкрытых сталоў
}
owner-stats-game = { $game }: { $counts }
owner-status-lobby = збор гульцоў { $count }
owner-status-setup = расстаноўка { $count }
owner-status-playing = ідзе гульня { $count }
owner-stats-players = { $count ->
    [one] { $count } гулец за тыдзень
    [few] { $count } гульцы за тыдзень
   *[many] { $count } гульцоў за тыдзень
}
owner-stats-moves = { $count ->
    [one] { $count } ход сёння
    [few] { $count } хады сёння
   *[many] { $count } хадоў сёння
}
owner-stats-store = Даныя на дыску: { $mb } МБ
owner-stats-store-unknown = Даныя на дыску: сховішча не паведамляе памер.
owner-stats-maintenance-on = Рэжым абслугоўвання ўключаны: новыя гульні не пачынаюцца.
owner-stats-maintenance-off = Рэжым абслугоўвання выключаны.
owner-abort-usage = Які стол? Напішыце /abort і яго нумар, напрыклад /abort 42.
owner-abort-unknown = Стала { $table } няма.
owner-abort-over = Стол { $table } ужо скончаны.
owner-abort-elsewhere = Стол { $table } гуляе ў { $platform }: калі ласка, скончыце яго адтуль.
owner-abort-done = Стол { $table } ({ $game }) скончаны; гульцам паведамлена.
owner-aborted = { $players }: уладальнік бота скончыў гэтую гульню ({ $game }). Прабачце, што перапынілі!
owner-maintenance-usage = /maintenance on — новыя гульні не пачынаюцца (бягучыя працягваюцца); /maintenance off — іх зноў можна пачынаць. Цяпер рэжым { $state ->
    [on] уключаны
   *[off] выключаны
}.
owner-maintenance-on = Рэжым абслугоўвання ўключаны: новыя гульні не пачынаюцца, бягучыя працягваюцца.
owner-maintenance-off = Рэжым абслугоўвання выключаны: новыя гульні зноў можна пачынаць.
maintenance-refused = Прабачце, новыя гульні зараз не пачынаюцца: бота абслугоўваюць. Бягучыя гульні працягваюцца — паспрабуйце крыху пазней.

# Абмежаванні ад злоўжыванняў (bots/src/limits, src/app/caps.rs).
limit-slow-down = Вы дзейнічаеце хутчэй, чым я паспяваю: некалькі секунд я не адказваю на вашы націсканні і каманды тут. Нічога не змянілася — пачакайце крыху і працягвайце.
limit-chat-busy = З гэтага чата прыходзіць больш, чым я паспяваю апрацаваць: некалькі секунд частку націсканняў прапускаю. Нічога не змянілася — пачакайце крыху і працягвайце.
limit-command-too-long = Гэтая каманда задоўгая (не больш за { $limit } знакаў). Нічога не змянілася.
limit-move-too-long = Гэты ход задоўгі (не больш за { $limit } знакаў): напішыце карацей або скарыстайцеся кнопкамі. Нічога не змянілася.
limit-lobbies = У вас ужо адкрыта столькі набораў у гульню, колькі можна аднаму чалавеку (мяжа: { $count }). Спачатку пачніце або адмяніце (/cancel) адзін з іх; спіс — /mygames.
limit-tables = У гэтым чаце ўжо ідзе столькі гульняў, колькі можна (мяжа: { $count }). Спачатку дагуляйце або адмяніце (/cancel) адну з іх.
