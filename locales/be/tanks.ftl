# «Идут танки» (Ідуць танкі). Аргументы-месцы ($player, $opponent, $owner, $red, $green) —
# імёны гульцоў; $from, $to, $node, $target, $mine — назвы кружкоў (A3, C16, R1, G2); $rocket —
# ракетная ўстаноўка (r1-r3 чырвоных, g1-g3 зялёных); $label, $from/$airfield (у палётах) — id
# перакладаў.

game-tanks = Ідуць танкі (Идут танки)
rules-tanks =
    Ідуць танкі, 2 гульцы. Чырвоныя (зверху) і зялёныя (знізу) вядуць па 4 танкі па чатырох дарогах, якія перасякаюцца, на вялікія кружкі саперніка.
    Падрыхтоўка, у асабістых паведамленнях: пастаўце 4 міны на сваёй палове і выберыце, на якой з 3 ракетных установак пазнака «Ц-П» (трапленне). Пазнакі мін (2 × «Т-Р» знішчаны, «Л-П» стаіць, «Н-С» не спрацавала) раздаюцца ўсляпую: іх не ведае ніхто.
    Ваш ход: па кідку кубіка 1-3 на кожны танк, які можа хадзіць; пасля кідка адзін танк, які яшчэ не хадзіў, едзе роўна на столькі кружкоў. Замест кідка можна развярнуць танк (не два хады запар).
    На скрыжаванні танк можа звярнуць на іншую дарогу за адно ачко. Пераскокваць танкі нельга; наехаў на танк саперніка — ён знішчаны, ход танка скончаны.
    Спыніўся на разбураным мосце — прапускаеш ход; калі там на цябе наедзе сапернік — выбываюць абодва. Міна саперніка спрацоўвае пад танкам: знішчаны, стаіць ход або не спрацавала. Свае міны сваім не страшныя.
    Замест усяго ходу можна паслаць самалёт па дузе, калі пад ёй стаіць танк саперніка: пазнакі ракет адкрываюцца ў парадку палёту, першая «Ц-П» збівае самалёт — але калі ён ужо праляцеў над танкам, танк разбамблены.
    Танк на вялікім кружку саперніка дайшоў; тады можна вярнуць знішчаны танк на свой вольны вялікі кружок.
    Знішчыў усе чатыры танкі саперніка — адразу перамога. Інакш, калі на полі не засталося танкаў (або пасля 120 хадоў без падзей), перамагае той, хто давёў больш, а пры роўнасці — у каго менш збіта самалётаў.

setting-dice = Кубік
setting-dice-die = кубік 1-3
setting-dice-no-die = без кубіка (на 1-4 кружкі)
setting-rockets = Пазнакі ракет
setting-rockets-one-hit = адна «Ц-П», дзве «П»
setting-rockets-two-hits = дзве «Ц-П», адна «П»

btn-tanks-mine = 💣 Паставіць міну
btn-tanks-remove = Зняць міну
btn-tanks-hit-on = «Ц-П» на…
btn-tanks-miss-on = «П» на…
btn-tanks-random = 🎲 Выпадковая расстаноўка
btn-tanks-confirm = ✅ Гатова
btn-tanks-turn = ↩ Развярнуць
btn-tanks-plane = ✈ Паслаць самалёт
btn-tanks-from-left = з левага аэрадрома
btn-tanks-from-right = з правага аэрадрома
btn-tanks-pass = Прапусціць
btn-tanks-bring-back = Вярнуць танк
btn-tanks-no-bring-back = Не вяртаць
btn-tanks-keep = Пакінуць ракеты

prompt-tanks-setup = Пастаўце 4 міны на сваёй палове і расстаўце пазнакі ракет, потым націсніце «Гатова».
prompt-tanks-turn = Кіньце кубік, развярніце танк або пашліце самалёт.
prompt-tanks-pick = Выберыце танк для гэтага кідка.
prompt-tanks-move = Выберыце танк і адлегласць (або развярніце танк, або пашліце самалёт).
prompt-tanks-bring-back = Вярнуць знішчаны танк на вольны вялікі кружок?
prompt-tanks-rearrange = Самалёт адкрыў вашы ракеты: пакіньце іх або перастаўце.

tanks-label-hit = «Ц-П» (цэль паражона)
tanks-label-miss = «П» (промах)
tanks-airfield-left = левага аэрадрома
tanks-airfield-right = правага аэрадрома

tanks-mine-laid = Ваша міна стаіць на { $mine }.
tanks-mine-lifted = Вы знялі міну з { $mine }.
tanks-rockets-set = Вашы ракеты: { $rocket1 } { $label1 }, { $rocket2 } { $label2 }, { $rocket3 } { $label3 }.
tanks-ready = { $player } гатовы.
tanks-labels-dealt = Пазнакі мін раздадзены ўсляпую. Першымі ходзяць чырвоныя.
tanks-rolled = { $player } выкінуў { $roll }.
tanks-roll-lost = Ніводзін танк гульца { $player } не можа праехаць { $roll }: кідок прапаў.
tanks-moved = { $player }: { $from } → { $to } ({ $distance }).
tanks-moved-turning = { $player }: { $from } → { $to } ({ $distance }), з паваротам на дарогу { $road }.
tanks-turned-around = { $player } разварочвае танк на { $node }.
tanks-captured = { $player } знішчае танк гульца { $opponent } на { $node }!
tanks-both-out = Танк гульца { $player } наехаў на танк гульца { $opponent } у рацэ на { $node }: выбываюць абодва!
tanks-in-river = Танк гульца { $player } спыніўся на разбураным мосце { $node } і праваліўся: прапускае ход.
tanks-mine-kill = Міна гульца { $owner } на { $node }: «Т-Р» — танк гульца { $player } знішчаны!
tanks-mine-stall = Міна гульца { $owner } на { $node }: «Л-П» — танк гульца { $player } стаіць і прапускае ход.
tanks-mine-dud = Міна гульца { $owner } на { $node }: «Н-С» — не спрацавала.
tanks-arrived = Танк гульца { $player } дайшоў да { $node }! Дайшло: { $count }.
tanks-brought-back = { $player } вяртае знішчаны танк на { $node }.
tanks-not-brought-back = { $player } не вяртае танк.
tanks-turn-passes = Гульцу { $player } няма чым хадзіць: ход пераходзіць.
tanks-flight = { $player } пасылае самалёт з { $from } на танк на { $target }.
tanks-rocket-revealed = Ракета { $rocket } гульца { $owner }: { $label }.
tanks-shot-down = Самалёт гульца { $player } збіты.
tanks-landed = Самалёт гульца { $player } даляцеў да { $airfield }.
tanks-bombed = Танк гульца { $opponent } на { $node } разбамблены!
tanks-spared = Танк на { $node } уцалеў.
tanks-rockets-ready = Ракеты гульца { $player } зноў закрытыя.
tanks-over-wipeout = Усе танкі гульца { $player } знішчаны: гульня скончана.
tanks-over-no-tanks = На полі не засталося танкаў: гульня скончана.
tanks-over-guard = { $turns ->
    [one] { $turns } ход
    [few] { $turns } хады
   *[many] { $turns } хадоў
} без падзей: гульня скончана.
tanks-resigned = { $player } здаецца.
tanks-final = { $red }: дайшло { $red_arrivals }, збіта самалётаў { $red_planes }. { $green }: дайшло { $green_arrivals }, збіта самалётаў { $green_planes }.
tanks-winner = Перамог { $player }!
tanks-draw = Нічыя.
