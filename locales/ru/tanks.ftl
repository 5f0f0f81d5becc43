# «Идут танки». Аргументы-места ($player, $opponent, $owner, $red, $green) — имена игроков;
# $from, $to, $node, $target, $mine — названия кружков (A3, C16, R1, G2); $rocket — ракетная
# установка (r1-r3 красных, g1-g3 зелёных); $label, $from/$airfield (в полётах) — id переводов.

game-tanks = Идут танки
rules-tanks =
    «Идут танки», 2 игрока. Красные (сверху) и зелёные (снизу) ведут по 4 танка по четырём пересекающимся дорогам на большие кружки соперника.
    Подготовка, в личных сообщениях: поставьте 4 мины на своей половине и выберите, на какой из 3 ракетных установок метка «Ц-П». Метки мин (2 × «Т-Р», «Л-П», «Н-С») раздаются втёмную: их не знает никто.
    Ваш ход: по броску кубика 1-3 на каждый танк, который может ходить; после броска один ещё не ходивший танк едет ровно на столько кружков. Вместо броска можно развернуть танк (не два хода подряд).
    На перекрёстке танк может свернуть на другую дорогу за одно очко. Перепрыгивать танки нельзя; наехал на танк соперника — он разбит, ход танка окончен.
    Остановился на разрушенном мосту — пропускаешь ход; если на тебя там наедет соперник — выбывают оба. Мина соперника срабатывает под танком: разбит, стоит ход или не сработала. Свои мины своим не страшны.
    Вместо всего хода можно послать самолёт по дуге, если под ней стоит танк соперника: метки ракет открываются по порядку полёта, первая «Ц-П» сбивает самолёт — но если он уже пролетел над танком, танк разбомблён.
    Танк на большом кружке соперника дошёл; тогда можно вернуть разбитый танк на свободный свой большой кружок.
    Разбил все четыре танка соперника — победа сразу. Иначе, когда на поле не осталось танков (или после 120 ходов без событий), побеждает тот, кто довёл больше, при равенстве — у кого меньше сбито самолётов.

setting-dice = Кубик
setting-dice-die = кубик 1-3
setting-dice-no-die = без кубика (на 1-4 кружка)
setting-rockets = Метки ракет
setting-rockets-one-hit = одна «Ц-П», две «П»
setting-rockets-two-hits = две «Ц-П», одна «П»

btn-tanks-mine = 💣 Поставить мину
btn-tanks-remove = Снять мину
btn-tanks-hit-on = «Ц-П» на…
btn-tanks-miss-on = «П» на…
btn-tanks-random = 🎲 Случайная расстановка
btn-tanks-confirm = ✅ Готово
btn-tanks-turn = ↩ Развернуть
btn-tanks-plane = ✈ Послать самолёт
btn-tanks-from-left = с левого аэродрома
btn-tanks-from-right = с правого аэродрома
btn-tanks-pass = Пропустить
btn-tanks-bring-back = Вернуть танк
btn-tanks-no-bring-back = Не возвращать
btn-tanks-keep = Оставить ракеты

prompt-tanks-setup = Поставьте 4 мины на своей половине и расставьте метки ракет, затем нажмите «Готово».
prompt-tanks-turn = Бросьте кубик, разверните танк или пошлите самолёт.
prompt-tanks-pick = Выберите танк для этого броска.
prompt-tanks-move = Выберите танк и расстояние (или разверните танк, или пошлите самолёт).
prompt-tanks-bring-back = Вернуть разбитый танк на свободный большой кружок?
prompt-tanks-rearrange = Самолёт открыл ваши ракеты: оставьте их или переставьте.

tanks-label-hit = «Ц-П» (цель поражена)
tanks-label-miss = «П» (промах)
tanks-airfield-left = левого аэродрома
tanks-airfield-right = правого аэродрома

tanks-mine-laid = Ваша мина стоит на { $mine }.
tanks-mine-lifted = Вы сняли мину с { $mine }.
tanks-rockets-set = Ваши ракеты: { $rocket1 } { $label1 }, { $rocket2 } { $label2 }, { $rocket3 } { $label3 }.
tanks-ready = { $player } готов.
tanks-labels-dealt = Метки мин розданы втёмную. Первыми ходят красные.
tanks-rolled = { $player } выбросил { $roll }.
tanks-roll-lost = Ни один танк игрока { $player } не может проехать { $roll }: бросок пропал.
tanks-moved = { $player }: { $from } → { $to } ({ $distance }).
tanks-moved-turning = { $player }: { $from } → { $to } ({ $distance }), с поворотом на дорогу { $road }.
tanks-turned-around = { $player } разворачивает танк на { $node }.
tanks-captured = { $player } разбивает танк игрока { $opponent } на { $node }!
tanks-both-out = Танк игрока { $player } наехал на танк игрока { $opponent } в реке на { $node }: выбывают оба!
tanks-in-river = Танк игрока { $player } остановился на разрушенном мосту { $node } и провалился: пропускает ход.
tanks-mine-kill = Мина игрока { $owner } на { $node }: «Т-Р» — танк игрока { $player } разбит!
tanks-mine-stall = Мина игрока { $owner } на { $node }: «Л-П» — танк игрока { $player } стоит и пропускает ход.
tanks-mine-dud = Мина игрока { $owner } на { $node }: «Н-С» — не сработала.
tanks-arrived = Танк игрока { $player } дошёл до { $node }! Дошло: { $count }.
tanks-brought-back = { $player } возвращает разбитый танк на { $node }.
tanks-not-brought-back = { $player } не возвращает танк.
tanks-turn-passes = Игроку { $player } нечем ходить: ход переходит.
tanks-flight = { $player } посылает самолёт с { $from } на танк на { $target }.
tanks-rocket-revealed = Ракета { $rocket } игрока { $owner }: { $label }.
tanks-shot-down = Самолёт игрока { $player } сбит.
tanks-landed = Самолёт игрока { $player } долетел до { $airfield }.
tanks-bombed = Танк игрока { $opponent } на { $node } разбомблён!
tanks-spared = Танк на { $node } уцелел.
tanks-rockets-ready = Ракеты игрока { $player } снова закрыты.
tanks-over-wipeout = Все танки игрока { $player } разбиты: игра окончена.
tanks-over-no-tanks = На поле не осталось танков: игра окончена.
tanks-over-guard = { $turns } ходов без событий: игра окончена.
tanks-resigned = { $player } сдаётся.
tanks-final = { $red }: дошло { $red_arrivals }, сбито самолётов { $red_planes }. { $green }: дошло { $green_arrivals }, сбито самолётов { $green_planes }.
tanks-winner = Победил { $player }!
tanks-draw = Ничья.
