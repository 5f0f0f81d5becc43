# «Идут танки» (Ідуть танки). Аргументи-місця ($player, $opponent, $owner, $red, $green) —
# імена гравців; $from, $to, $node, $target, $mine — назви кружків (A3, C16, R1, G2); $rocket —
# ракетна установка (r1-r3 червоних, g1-g3 зелених); $label, $from/$airfield (у польотах) — id
# перекладів.

game-tanks = Ідуть танки (Идут танки)
rules-tanks =
    Ідуть танки, 2 гравці. Червоні (згори) і зелені (знизу) ведуть по 4 танки чотирма дорогами, що перетинаються, на великі кружки суперника.
    Підготовка, в особистих повідомленнях: поставте 4 міни на своїй половині й виберіть, на якій із 3 ракетних установок позначка «Ц-П» (влучання). Позначки мін (2 × «Т-Р» знищено, «Л-П» стоїть, «Н-С» не спрацювала) роздаються наосліп: їх не знає ніхто.
    Ваш хід: по кидку кубика 1-3 на кожен танк, що може ходити; після кидка один танк, який ще не ходив, їде рівно на стільки кружків. Замість кидка можна розвернути танк (не два ходи поспіль).
    На перехресті танк може звернути на іншу дорогу за одне очко. Перестрибувати танки не можна; наїхав на танк суперника — його знищено, хід танка закінчено.
    Зупинився на зруйнованому мосту — пропускаєш хід; якщо там на тебе наїде суперник — вибувають обидва. Міна суперника спрацьовує під танком: знищено, стоїть хід або не спрацювала. Свої міни своїм не страшні.
    Замість усього ходу можна послати літак по дузі, якщо під нею стоїть танк суперника: позначки ракет відкривають у порядку польоту, перша «Ц-П» збиває літак — але якщо він уже пролетів над танком, танк розбомблено.
    Танк на великому кружку суперника дійшов; тоді можна повернути знищений танк на свій вільний великий кружок.
    Знищив усі чотири танки суперника — одразу перемога. Інакше, коли на полі не лишилося танків (або після 120 ходів без подій), перемагає той, хто довів більше, а за рівності — у кого менше збито літаків.

setting-dice = Кубик
setting-dice-die = кубик 1-3
setting-dice-no-die = без кубика (на 1-4 кружки)
setting-rockets = Позначки ракет
setting-rockets-one-hit = одна «Ц-П», дві «П»
setting-rockets-two-hits = дві «Ц-П», одна «П»

btn-tanks-mine = 💣 Поставити міну
btn-tanks-remove = Зняти міну
btn-tanks-hit-on = «Ц-П» на…
btn-tanks-miss-on = «П» на…
btn-tanks-random = 🎲 Випадкова розстановка
btn-tanks-confirm = ✅ Готово
btn-tanks-turn = ↩ Розвернути
btn-tanks-plane = ✈ Послати літак
btn-tanks-from-left = з лівого аеродрому
btn-tanks-from-right = з правого аеродрому
btn-tanks-pass = Пропустити
btn-tanks-bring-back = Повернути танк
btn-tanks-no-bring-back = Не повертати
btn-tanks-keep = Залишити ракети

prompt-tanks-setup = Поставте 4 міни на своїй половині й розставте позначки ракет, потім натисніть «Готово».
prompt-tanks-turn = Киньте кубик, розверніть танк або пошліть літак.
prompt-tanks-pick = Виберіть танк для цього кидка.
prompt-tanks-move = Виберіть танк і відстань (або розверніть танк, або пошліть літак).
prompt-tanks-bring-back = Повернути знищений танк на вільний великий кружок?
prompt-tanks-rearrange = Літак відкрив ваші ракети: залиште їх або переставте.

tanks-label-hit = «Ц-П» (ціль уражено)
tanks-label-miss = «П» (промах)
tanks-airfield-left = лівого аеродрому
tanks-airfield-right = правого аеродрому

tanks-mine-laid = Ваша міна стоїть на { $mine }.
tanks-mine-lifted = Ви зняли міну з { $mine }.
tanks-rockets-set = Ваші ракети: { $rocket1 } { $label1 }, { $rocket2 } { $label2 }, { $rocket3 } { $label3 }.
tanks-ready = { $player } готовий.
tanks-labels-dealt = Позначки мін роздано наосліп. Першими ходять червоні.
tanks-rolled = { $player } викинув { $roll }.
tanks-roll-lost = Жоден танк гравця { $player } не може проїхати { $roll }: кидок пропав.
tanks-moved = { $player }: { $from } → { $to } ({ $distance }).
tanks-moved-turning = { $player }: { $from } → { $to } ({ $distance }), з поворотом на дорогу { $road }.
tanks-turned-around = { $player } розвертає танк на { $node }.
tanks-captured = { $player } знищує танк гравця { $opponent } на { $node }!
tanks-both-out = Танк гравця { $player } наїхав на танк гравця { $opponent } у річці на { $node }: вибувають обидва!
tanks-in-river = Танк гравця { $player } зупинився на зруйнованому мосту { $node } і провалився: пропускає хід.
tanks-mine-kill = Міна гравця { $owner } на { $node }: «Т-Р» — танк гравця { $player } знищено!
tanks-mine-stall = Міна гравця { $owner } на { $node }: «Л-П» — танк гравця { $player } стоїть і пропускає хід.
tanks-mine-dud = Міна гравця { $owner } на { $node }: «Н-С» — не спрацювала.
tanks-arrived = Танк гравця { $player } дійшов до { $node }! Дійшло: { $count }.
tanks-brought-back = { $player } повертає знищений танк на { $node }.
tanks-not-brought-back = { $player } не повертає танк.
tanks-turn-passes = Гравцеві { $player } нічим ходити: хід переходить.
tanks-flight = { $player } посилає літак з { $from } на танк на { $target }.
tanks-rocket-revealed = Ракета { $rocket } гравця { $owner }: { $label }.
tanks-shot-down = Літак гравця { $player } збито.
tanks-landed = Літак гравця { $player } долетів до { $airfield }.
tanks-bombed = Танк гравця { $opponent } на { $node } розбомблено!
tanks-spared = Танк на { $node } уцілів.
tanks-rockets-ready = Ракети гравця { $player } знову закриті.
tanks-over-wipeout = Усі танки гравця { $player } знищено: гру закінчено.
tanks-over-no-tanks = На полі не лишилося танків: гру закінчено.
tanks-over-guard = { $turns ->
    [one] { $turns } хід
    [few] { $turns } ходи
   *[many] { $turns } ходів
} без подій: гру закінчено.
tanks-resigned = { $player } здається.
tanks-final = { $red }: дійшло { $red_arrivals }, збито літаків { $red_planes }. { $green }: дійшло { $green_arrivals }, збито літаків { $green_planes }.
tanks-winner = Переміг { $player }!
tanks-draw = Нічия.
