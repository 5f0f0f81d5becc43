# Самолетчета (飞行棋). Аргументите за места ($player, $victim) са имена на играчи; $plane е
# номер на самолет 1–4 (в купчина — най-малкият), $count — брой самолети, $colour — име на цвят.

game-aeroplane = Самолетчета (飞行棋)
rules-aeroplane =
    Самолетчета (飞行棋), 2–4 играчи. Изведете и четирите си самолета от хангара до центъра.
    Натиснете „Хвърли“, после изберете самолет. Четно число (вижте настройката за излитане) извежда самолет от хангара на стартовото поле.
    Самолетите се движат по посока на часовниковата стрелка; от поле в своя цвят самолетът скача до следващото такова поле, а от своето поле за пряк път прелита направо през дъската.
    Който спре върху самолети на противник, ги връща в хангара им; прелитането над тях е безопасно.
    Шестица дава ново хвърляне; третата поредна шестица връща в хангара самолетите, преместени с първите две, и ходът свършва.
    Ако спрете върху свой самолет, може да ги съберете в купчина; купчината се движи като един самолет.
    До центъра се стига само с точно хвърляне (или с отскок, според настройката). Печели първият, който изведе и четирите; играта продължава, докато остане един играч.

colour-0 = Червен
colour-1 = Жълт
colour-2 = Син
colour-3 = Зелен
# Буквата на хангара на всеки ъгъл в картинката на дъската.
aero-letter-0 = Ч
aero-letter-1 = Ж
aero-letter-2 = С
aero-letter-3 = З

setting-takeoff = Хвърляне за излитане
setting-takeoff-even = четно
setting-takeoff-six = само 6
setting-takeoff-five-six = 5 или 6
setting-centre = Влизане в центъра
setting-centre-exact = с точно хвърляне
setting-centre-bounce = с отскок на излишъка
setting-fly-then-jump = Скок след прекия път
setting-fly-then-jump-off = не
setting-fly-then-jump-on = да (18 → 30 → 34)
setting-stacking = Купчини
setting-stacking-on = да
setting-stacking-off = не

btn-roll = 🎲 Хвърли
btn-stack = В купчина
btn-no-stack = Без купчина

prompt-aero-roll = Хвърлете зара.
prompt-aero-plane = Изберете самолет.

aero-empty-corner = Ъгълът в цвят „{ $colour }“ остава празен.
aero-seat-colour = { $player } играе с цвят „{ $colour }“.
aero-rolled = { $player } хвърли { $roll }.
aero-took-off = Самолет { $plane } на { $player } излита на стартовото поле.
aero-moved = { $count ->
    [one] Самолет { $plane } на { $player } отива
   *[other] Купчина от { $count } самолета на { $player } (самолет { $plane }) отива
} на поле { $step }.
aero-moved-column = { $count ->
    [one] Самолет { $plane } на { $player } отива
   *[other] Купчина от { $count } самолета на { $player } (самолет { $plane }) отива
} на поле { $cell } от пътя си към центъра.
aero-bounced = { $count ->
    [one] Самолет { $plane } на { $player } подминава центъра и отскача
   *[other] Купчина от { $count } самолета на { $player } (самолет { $plane }) подминава центъра и отскача
} на поле { $cell } от пътя си към центъра.
aero-jumped = { $count ->
    [one] Самолет { $plane } на { $player } скача
   *[other] Купчина от { $count } самолета на { $player } (самолет { $plane }) скача
} на поле { $step }.
aero-flew = { $count ->
    [one] Самолет { $plane } на { $player } лети по прекия път
   *[other] Купчина от { $count } самолета на { $player } (самолет { $plane }) лети по прекия път
} до поле { $step }.
aero-sent-home = { $player } връща в хангара { $count ->
    [one] { $count } самолет
   *[other] { $count } самолета
} на { $victim }.
aero-danger-cell = { $player } прелита над пътя към центъра на { $victim } и връща в хангара { $count ->
    [one] { $count } самолет
   *[other] { $count } самолета
}.
aero-stacked = { $player } събира в купчина { $count ->
    [one] { $count } самолет
   *[other] { $count } самолета
} (самолет { $plane }).
aero-reached-centre = { $count ->
    [one] Самолет { $plane } на { $player } стига центъра!
   *[other] Купчина от { $count } самолета на { $player } (самолет { $plane }) стига центъра!
}
aero-three-sixes = Три шестици! { $count ->
    [0] { $player } губи хода си.
    [one] Самолетът на { $player }, преместен с шестиците, се връща в хангара.
   *[other] { $count } самолета на { $player }, преместени с шестиците, се връщат в хангара.
}
aero-no-move = { $player } не може да използва { $roll }.
aero-extra-roll = { $player } хвърля отново.
aero-finished = { $player } прибира всички самолети и заема { $place }. място!
aero-resigned = { $player } се предава; самолетите му напускат дъската.
