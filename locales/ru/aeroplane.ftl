# Самолётики (飞行棋). Аргументы-места ($player, $victim) — имена игроков; $plane — номер
# самолёта 1–4 (в стопке — наименьший), $count — число самолётов, $colour — название цвета.

game-aeroplane = Самолётики
rules-aeroplane =
    Самолётики (飞行棋), 2–4 игрока. Приведите все четыре самолёта из ангара в центр.
    Нажмите «Бросить», затем выберите самолёт. Чётное число (см. настройку взлёта) выводит самолёт из ангара на стартовую клетку.
    Самолёты ходят по часовой стрелке; с клетки своего цвета самолёт прыгает на следующую, а со своей клетки короткого пути летит напрямую через поле.
    Кто встаёт на самолёты соперника, отправляет их в ангар; пролетать над ними безопасно.
    Шестёрка даёт ещё бросок; третья шестёрка подряд возвращает в ангар самолёты, сходившие на первые две, и ход переходит.
    Встав на свой самолёт, можно сложить их в стопку; стопка ходит как один самолёт.
    В центр — только точным броском (или с отскоком, по настройке). Первым приведший все четыре самолёта побеждает; игра идёт, пока не останется один.

colour-0 = Красный
colour-1 = Жёлтый
colour-2 = Синий
colour-3 = Зелёный

setting-takeoff = Бросок для взлёта
setting-takeoff-even = чётный
setting-takeoff-six = только 6
setting-takeoff-five-six = 5 или 6
setting-centre = Вход в центр
setting-centre-exact = точным броском
setting-centre-bounce = с отскоком
setting-fly-then-jump = Прыжок после перелёта
setting-fly-then-jump-off = нет
setting-fly-then-jump-on = да (18 → 30 → 34)
setting-stacking = Стопки
setting-stacking-on = да
setting-stacking-off = нет

btn-roll = 🎲 Бросить
btn-stack = В стопку
btn-no-stack = Не складывать

prompt-aero-roll = Бросьте кубик.
prompt-aero-plane = Выберите самолёт.

aero-empty-corner = Угол цвета «{ $colour }» остаётся пустым.
aero-seat-colour = { $player } играет за цвет «{ $colour }».
aero-rolled = { $player } выбрасывает { $roll }.
aero-took-off = Самолёт { $plane } игрока { $player } выходит на стартовую клетку.
aero-moved = { $count ->
    [one] Самолёт { $plane } игрока { $player } идёт
   *[other] Стопка из { $count } самолётов игрока { $player } (самолёт { $plane }) идёт
} на шаг { $step }.
aero-moved-column = { $count ->
    [one] Самолёт { $plane } игрока { $player } идёт
   *[other] Стопка из { $count } самолётов игрока { $player } (самолёт { $plane }) идёт
} на клетку { $cell } своей дорожки к центру.
aero-bounced = { $count ->
    [one] Самолёт { $plane } игрока { $player } проскакивает центр и отскакивает
   *[other] Стопка из { $count } самолётов игрока { $player } (самолёт { $plane }) проскакивает центр и отскакивает
} на клетку { $cell } своей дорожки к центру.
aero-jumped = { $count ->
    [one] Самолёт { $plane } игрока { $player } прыгает
   *[other] Стопка из { $count } самолётов игрока { $player } (самолёт { $plane }) прыгает
} на шаг { $step }.
aero-flew = { $count ->
    [one] Самолёт { $plane } игрока { $player } летит по короткому пути
   *[other] Стопка из { $count } самолётов игрока { $player } (самолёт { $plane }) летит по короткому пути
} на шаг { $step }.
aero-sent-home = { $player } отправляет в ангар { $count ->
    [one] { $count } самолёт
    [few] { $count } самолёта
   *[other] { $count } самолётов
} игрока { $victim }.
aero-danger-cell = { $player } пролетает над дорожкой игрока { $victim } и отправляет в ангар { $count ->
    [one] { $count } самолёт
    [few] { $count } самолёта
   *[other] { $count } самолётов
}.
aero-stacked = { $player } складывает в стопку { $count ->
    [one] { $count } самолёт
    [few] { $count } самолёта
   *[other] { $count } самолётов
} (самолёт { $plane }).
aero-reached-centre = { $count ->
    [one] Самолёт { $plane } игрока { $player } долетает до центра!
   *[other] Стопка из { $count } самолётов игрока { $player } (самолёт { $plane }) долетает до центра!
}
aero-three-sixes = Три шестёрки! { $count ->
    [0] { $player } теряет ход.
    [one] Самолёт игрока { $player }, сходивший на шестёрки, возвращается в ангар.
   *[other] Самолёты игрока { $player }, сходившие на шестёрки ({ $count }), возвращаются в ангар.
}
aero-no-move = { $player } не может сходить на { $roll }.
aero-extra-roll = { $player } бросает ещё раз.
aero-finished = { $player } приводит домой все самолёты и занимает { $place }-е место!
aero-resigned = { $player } сдаётся; его самолёты покидают поле.
