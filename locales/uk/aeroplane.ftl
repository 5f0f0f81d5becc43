# Літачки (飞行棋). Аргументи-місця ($player, $victim) — імена гравців; $plane — номер літака
# 1–4 (у стосі — найменший), $count — кількість літаків, $colour — назва кольору.

game-aeroplane = Літачки (飞行棋)
rules-aeroplane =
    Літачки (飞行棋), 2–4 гравці. Приведіть усі чотири літаки з ангара до центру.
    Натисніть «Кинути», потім виберіть літак. Парне число (див. налаштування зльоту) виводить літак з ангара на стартову клітинку.
    Літаки рухаються за годинниковою стрілкою; з клітинки свого кольору літак стрибає на наступну таку, а зі своєї клітинки короткого шляху летить навпростець через поле.
    Хто стає на літаки суперника, відправляє їх до ангара; пролітати над ними безпечно.
    Шістка дає ще один кидок; третя шістка поспіль повертає до ангара літаки, що ходили на перші дві, і хід переходить.
    Ставши на свій літак, можна скласти їх у стос; стос ходить як один літак.
    До центру — лише точним кидком (або з відскоком, за налаштуванням). Перемагає той, хто першим приведе всі чотири літаки; гра триває, доки не лишиться один гравець.

colour-0 = Червоний
colour-1 = Жовтий
colour-2 = Синій
colour-3 = Зелений
# Літера на ангарі кожного кута на зображенні дошки.
aero-letter-0 = Ч
aero-letter-1 = Ж
aero-letter-2 = С
aero-letter-3 = З

setting-takeoff = Кидок для зльоту
setting-takeoff-even = парний
setting-takeoff-six = лише 6
setting-takeoff-five-six = 5 або 6
setting-centre = Вхід до центру
setting-centre-exact = точним кидком
setting-centre-bounce = з відскоком
setting-fly-then-jump = Стрибок після перельоту
setting-fly-then-jump-off = ні
setting-fly-then-jump-on = так (18 → 30 → 34)
setting-stacking = Стоси
setting-stacking-on = так
setting-stacking-off = ні

btn-roll = 🎲 Кинути
btn-stack = У стос
btn-no-stack = Не складати

prompt-aero-roll = Киньте кубик.
prompt-aero-plane = Виберіть літак.

aero-empty-corner = Кут кольору «{ $colour }» лишається порожнім.
aero-seat-colour = { $player } грає за колір «{ $colour }».
aero-rolled = { $player } викидає { $roll }.
aero-took-off = Літак { $plane } гравця { $player } виходить на стартову клітинку.
aero-moved = { $count ->
    [one] Літак { $plane } гравця { $player } іде
    [few] Стос із { $count } літаків гравця { $player } (літак { $plane }) іде
   *[many] Стос із { $count } літаків гравця { $player } (літак { $plane }) іде
} на крок { $step }.
aero-moved-column = { $count ->
    [one] Літак { $plane } гравця { $player } іде
    [few] Стос із { $count } літаків гравця { $player } (літак { $plane }) іде
   *[many] Стос із { $count } літаків гравця { $player } (літак { $plane }) іде
} на клітинку { $cell } своєї доріжки до центру.
aero-bounced = { $count ->
    [one] Літак { $plane } гравця { $player } проскакує центр і відскакує
    [few] Стос із { $count } літаків гравця { $player } (літак { $plane }) проскакує центр і відскакує
   *[many] Стос із { $count } літаків гравця { $player } (літак { $plane }) проскакує центр і відскакує
} на клітинку { $cell } своєї доріжки до центру.
aero-jumped = { $count ->
    [one] Літак { $plane } гравця { $player } стрибає
    [few] Стос із { $count } літаків гравця { $player } (літак { $plane }) стрибає
   *[many] Стос із { $count } літаків гравця { $player } (літак { $plane }) стрибає
} на крок { $step }.
aero-flew = { $count ->
    [one] Літак { $plane } гравця { $player } летить коротким шляхом
    [few] Стос із { $count } літаків гравця { $player } (літак { $plane }) летить коротким шляхом
   *[many] Стос із { $count } літаків гравця { $player } (літак { $plane }) летить коротким шляхом
} на крок { $step }.
aero-sent-home = { $player } відправляє до ангара { $count ->
    [one] { $count } літак
    [few] { $count } літаки
   *[many] { $count } літаків
} гравця { $victim }.
aero-danger-cell = { $player } пролітає над доріжкою гравця { $victim } і відправляє до ангара { $count ->
    [one] { $count } літак
    [few] { $count } літаки
   *[many] { $count } літаків
}.
aero-stacked = { $player } складає у стос { $count ->
    [one] { $count } літак
    [few] { $count } літаки
   *[many] { $count } літаків
} (літак { $plane }).
aero-reached-centre = { $count ->
    [one] Літак { $plane } гравця { $player } долітає до центру!
    [few] Стос із { $count } літаків гравця { $player } (літак { $plane }) долітає до центру!
   *[many] Стос із { $count } літаків гравця { $player } (літак { $plane }) долітає до центру!
}
aero-three-sixes = Три шістки! { $count ->
    [0] { $player } втрачає хід.
    [one] Літак гравця { $player }, що ходив на шістки, повертається до ангара.
    [few] Літаки гравця { $player }, що ходили на шістки ({ $count }), повертаються до ангара.
   *[many] Літаки гравця { $player }, що ходили на шістки ({ $count }), повертаються до ангара.
}
aero-no-move = { $player } не може піти на { $roll }.
aero-extra-roll = { $player } кидає ще раз.
aero-finished = { $player } приводить додому всі літаки й посідає { $place }-е місце!
aero-resigned = { $player } здається; його літаки покидають поле.
