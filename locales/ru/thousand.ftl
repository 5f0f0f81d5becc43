# «Tysiąc na szachownicy» («Тысяча на шахматной доске»). Аргументы-места ($player) приходят как
# имена; $colour — переведённый угол (Ю, В, С, З); $from, $over, $to и $square — имена полей
# вроде c3; $points и части итога — текст со знаком (+20, −10; у первой части и суммы без плюса);
# $cost, $pawns, $count, $bonus и $rounds — числа.

game-thousand = Тысяча на шахматной доске (Tysiąc na szachownicy)
rules-thousand =
    Тысяча на шахматной доске, 4 игрока (или 2: по одной диагонали или по два цвета). У каждого цвета 9 пешек на угловом поле 3 × 3, цель — противоположный угол; ходят по очереди Ю, В, С, З.
    Вне полей пешка шагает на одну клетку вперёд по своей диагональной дорожке, назад нельзя. На своём и на чужом поле она ходит свободно в 8 сторон; своё поле покидает только шагом вперёд с клетки выхода, а чужое поле не покидает никогда.
    Прыгайте через пешку другого игрока на свободную клетку за ней и дальше через следующие в том же направлении; остановиться можно после любого прыжка. Никто никого не бьёт. Шаг, когда ваша пешка могла прыгнуть, стоит 5 очков за каждую такую пешку (кнопка об этом предупреждает).
    Каждый заход на ценные перекрёстки в центре (−40, +20, −10) записывается в блокнот (/score).
    Игра кончается, когда у цвета все 9 пешек на чужом поле (+50; также когда остальные не могут войти, потому что поле заполнено застрявшими пешками соперника), когда никто не может ходить, или после 100 кругов — обычный конец.
    Счёт: сумма чисел на клетках чужого поля под вашими пешками, минус числа клеток своего поля, где пешки остались, −5 за каждую пешку в середине, плюс блокнот. Побеждает больший счёт.

thousand-colour-0 = Ю
thousand-colour-1 = В
thousand-colour-2 = С
thousand-colour-3 = З

setting-two-players = Если игроков двое
setting-two-players-diagonal = одна диагональ (Ю против С)
setting-two-players-pairs = по два цвета (Ю+В против С+З)

prompt-thousand-move = выберите пешку, затем куда она идёт.
prompt-thousand-jump = можно прыгнуть: шаг сейчас стоит 5 очков за каждую пешку, которая могла прыгнуть.
prompt-thousand-chain = прыгайте дальше или остановитесь.
btn-thousand-stop = ✋ Стоп
btn-thousand-charged = { $square } (−{ $cost }: { $pawns ->
    [one] { $pawns } пешка могла
    [few] { $pawns } пешки могли
   *[many] { $pawns } пешек могли
} прыгнуть)

thousand-seat-colour = { $player } играет за { $colour }, из угла { $corner }.
thousand-stepped = { $player } ({ $colour }): { $from } → { $to }.
thousand-charged = { $player } шагнул(а), хотя { $pawns ->
    [one] { $pawns } пешка могла
    [few] { $pawns } пешки могли
   *[many] { $pawns } пешек могли
} прыгнуть: −{ $cost } в блокнот.
thousand-hopped = { $player } ({ $colour }) прыгает { $from } → { $to } через { $over }.
thousand-stopped = { $player } ({ $colour }) заканчивает прыжок на { $square }.
thousand-crossing = { $player } ({ $colour }) заходит на { $square }: { $points } в блокнот.
thousand-entered = Пешка игрока { $player } ({ $colour }) входит на чужое поле на { $square } ({ $count } из 9).
thousand-passed = { $player } ({ $colour }) не может ходить и пропускает ход.
thousand-finished = У игрока { $player } ({ $colour }) все девять пешек на чужом поле: +{ $bonus }, игра окончена.
thousand-finished-jammed = { $player } ({ $colour }) заполнил(а) чужое поле вместе с застрявшими пешками соперника: +{ $bonus }, игра окончена.
thousand-over-no-move = Никто не может ходить: игра окончена.
thousand-over-rounds = Сыграно кругов: { $rounds }. Игра окончена.
thousand-resigned = { $player } сдаётся.
thousand-final-title = Итог (чужое поле + своё поле + середина + блокнот + премия):
thousand-final-line = { $place }. { $player }: { $opponent } { $own } { $middle } { $pad } { $bonus } = { $total }

thousand-sheet-turn = Ход
thousand-sheet-who = Кто
thousand-sheet-square = Поле
thousand-sheet-points = Очки
thousand-sheet-charge = без прыжка
thousand-sheet-total = блокнот
