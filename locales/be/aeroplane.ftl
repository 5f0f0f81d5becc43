# Самалёцікі (飞行棋). Аргументы-месцы ($player, $victim) — імёны гульцоў; $plane — нумар
# самалёта 1–4 (у стосе — найменшы), $count — колькасць самалётаў, $colour — назва колеру.

game-aeroplane = Самалёцікі (飞行棋)
rules-aeroplane =
    Самалёцікі (飞行棋), 2–4 гульцы. Прывядзіце ўсе чатыры самалёты з ангара ў цэнтр.
    Націсніце «Кінуць», потым выберыце самалёт. Цотная колькасць (гл. наладу ўзлёту) выводзіць самалёт з ангара на стартавую клетку.
    Самалёты ходзяць па гадзіннікавай стрэлцы; з клеткі свайго колеру самалёт скача на наступную такую, а са сваёй клеткі кароткага шляху ляціць напрасткі праз поле.
    Хто становіцца на самалёты саперніка, адпраўляе іх у ангар; пралятаць над імі бяспечна.
    Шасцёрка дае яшчэ адзін кідок; трэцяя шасцёрка запар вяртае ў ангар самалёты, што хадзілі на першыя дзве, і ход пераходзіць.
    Стаўшы на свой самалёт, можна скласці іх у стос; стос ходзіць як адзін самалёт.
    У цэнтр — толькі дакладным кідком (або з адскокам, па наладзе). Перамагае той, хто першым прывядзе ўсе чатыры самалёты; гульня ідзе, пакуль не застанецца адзін гулец.

colour-0 = Чырвоны
colour-1 = Жоўты
colour-2 = Сіні
colour-3 = Зялёны
# Літара на ангары кожнага кута на малюнку дошкі.
aero-letter-0 = Ч
aero-letter-1 = Ж
aero-letter-2 = С
aero-letter-3 = З

setting-takeoff = Кідок для ўзлёту
setting-takeoff-even = цотны
setting-takeoff-six = толькі 6
setting-takeoff-five-six = 5 або 6
setting-centre = Уваход у цэнтр
setting-centre-exact = дакладным кідком
setting-centre-bounce = з адскокам
setting-fly-then-jump = Скачок пасля пералёту
setting-fly-then-jump-off = не
setting-fly-then-jump-on = так (18 → 30 → 34)
setting-stacking = Стосы
setting-stacking-on = так
setting-stacking-off = не

btn-roll = 🎲 Кінуць
btn-stack = У стос
btn-no-stack = Не складаць

prompt-aero-roll = Кіньце кубік.
prompt-aero-plane = Выберыце самалёт.

aero-empty-corner = Кут колеру «{ $colour }» застаецца пустым.
aero-seat-colour = { $player } гуляе за колер «{ $colour }».
aero-rolled = { $player } выкідвае { $roll }.
aero-took-off = Самалёт { $plane } гульца { $player } выходзіць на стартавую клетку.
aero-moved = { $count ->
    [one] Самалёт { $plane } гульца { $player } ідзе
    [few] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) ідзе
   *[many] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) ідзе
} на крок { $step }.
aero-moved-column = { $count ->
    [one] Самалёт { $plane } гульца { $player } ідзе
    [few] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) ідзе
   *[many] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) ідзе
} на клетку { $cell } сваёй дарожкі да цэнтра.
aero-bounced = { $count ->
    [one] Самалёт { $plane } гульца { $player } праскоквае цэнтр і адскоквае
    [few] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) праскоквае цэнтр і адскоквае
   *[many] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) праскоквае цэнтр і адскоквае
} на клетку { $cell } сваёй дарожкі да цэнтра.
aero-jumped = { $count ->
    [one] Самалёт { $plane } гульца { $player } скача
    [few] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) скача
   *[many] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) скача
} на крок { $step }.
aero-flew = { $count ->
    [one] Самалёт { $plane } гульца { $player } ляціць кароткім шляхам
    [few] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) ляціць кароткім шляхам
   *[many] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) ляціць кароткім шляхам
} на крок { $step }.
aero-sent-home = { $player } адпраўляе ў ангар { $count ->
    [one] { $count } самалёт
    [few] { $count } самалёты
   *[many] { $count } самалётаў
} гульца { $victim }.
aero-danger-cell = { $player } пралятае над дарожкай гульца { $victim } і адпраўляе ў ангар { $count ->
    [one] { $count } самалёт
    [few] { $count } самалёты
   *[many] { $count } самалётаў
}.
aero-stacked = { $player } складае ў стос { $count ->
    [one] { $count } самалёт
    [few] { $count } самалёты
   *[many] { $count } самалётаў
} (самалёт { $plane }).
aero-reached-centre = { $count ->
    [one] Самалёт { $plane } гульца { $player } даляцеў да цэнтра!
    [few] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) даляцеў да цэнтра!
   *[many] Стос з { $count } самалётаў гульца { $player } (самалёт { $plane }) даляцеў да цэнтра!
}
aero-three-sixes = Тры шасцёркі! { $count ->
    [0] { $player } губляе ход.
    [one] Самалёт гульца { $player }, што хадзіў на шасцёркі, вяртаецца ў ангар.
    [few] Самалёты гульца { $player }, што хадзілі на шасцёркі ({ $count }), вяртаюцца ў ангар.
   *[many] Самалёты гульца { $player }, што хадзілі на шасцёркі ({ $count }), вяртаюцца ў ангар.
}
aero-no-move = { $player } не можа пайсці на { $roll }.
aero-extra-roll = { $player } кідае яшчэ раз.
aero-finished = { $player } прыводзіць дадому ўсе самалёты і займае { $place }-е месца!
aero-resigned = { $player } здаецца; яго самалёты пакідаюць поле.
