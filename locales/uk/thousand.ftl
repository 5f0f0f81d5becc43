# «Tysiąc na szachownicy» (Тисяча на шахівниці). Аргументи-місця ($player) — імена; $colour —
# перекладений кут (Пд, Сх, Пн, Зх); $from, $over, $to і $square — назви полів на кшталт c3;
# $points і частини підсумку — текст зі знаком (+20, −10; перша частина й сума без плюса);
# $cost, $pawns, $count, $bonus і $rounds — числа.

game-thousand = Тисяча на шахівниці (Tysiąc na szachownicy)
rules-thousand =
    Тисяча на шахівниці, 4 гравці (або 2: по одній діагоналі чи по два кольори). У кожного кольору 9 пішаків на кутовому полі 3 × 3, мета — протилежний кут; ходять по черзі Пд, Сх, Пн, Зх.
    Поза полями пішак ступає на одну клітинку вперед своєю діагональною доріжкою, назад не можна. На своєму й на чужому полі він ходить вільно у 8 напрямках; своє поле покидає лише кроком уперед із клітинки виходу, а чуже поле не покидає ніколи.
    Перестрибуйте через пішака іншого гравця на вільну клітинку за ним і далі через наступних у тому самому напрямку; зупинитися можна після будь-якого стрибка. Ніхто нікого не б'є. Крок, коли ваш пішак міг стрибнути, коштує 5 очок за кожного такого пішака (кнопка про це попереджає).
    Кожен захід на цінні перехрестя в центрі (−40, +20, −10) записується в блокнот (/score).
    Гра закінчується, коли в кольору всі 9 пішаків на чужому полі (+50; також коли решта не може ввійти, бо поле заповнене пішаками суперника, що застрягли), коли ніхто не може ходити, або після 100 кіл — звичайний кінець.
    Рахунок: сума чисел на клітинках чужого поля під вашими пішаками, мінус числа клітинок свого поля, де пішаки лишилися, −5 за кожного пішака посередині, плюс блокнот. Перемагає більший рахунок.

thousand-colour-0 = Пд
thousand-colour-1 = Сх
thousand-colour-2 = Пн
thousand-colour-3 = Зх

setting-two-players = Якщо гравців двоє
setting-two-players-diagonal = одна діагональ (Пд проти Пн)
setting-two-players-pairs = по два кольори (Пд+Сх проти Пн+Зх)

prompt-thousand-move = виберіть пішака, потім куди він іде.
prompt-thousand-jump = можна стрибнути: крок зараз коштує 5 очок за кожного пішака, який міг стрибнути.
prompt-thousand-chain = стрибайте далі або зупиніться.
btn-thousand-stop = ✋ Стоп
btn-thousand-charged = { $square } (−{ $cost }: { $pawns ->
    [one] { $pawns } пішак міг
    [few] { $pawns } пішаки могли
   *[many] { $pawns } пішаків могли
} стрибнути)

thousand-seat-colour = { $player } грає за { $colour }, з кута { $corner }.
thousand-stepped = { $player } ({ $colour }): { $from } → { $to }.
thousand-charged = { $player } ступає, хоча { $pawns ->
    [one] { $pawns } пішак міг
    [few] { $pawns } пішаки могли
   *[many] { $pawns } пішаків могли
} стрибнути: −{ $cost } у блокнот.
thousand-hopped = { $player } ({ $colour }) стрибає { $from } → { $to } через { $over }.
thousand-stopped = { $player } ({ $colour }) закінчує стрибок на { $square }.
thousand-crossing = { $player } ({ $colour }) заходить на { $square }: { $points } у блокнот.
thousand-entered = Пішак гравця { $player } ({ $colour }) входить на чуже поле на { $square } ({ $count } з 9).
thousand-passed = { $player } ({ $colour }) не може ходити й пропускає хід.
thousand-finished = У гравця { $player } ({ $colour }) усі дев'ять пішаків на чужому полі: +{ $bonus }, гру закінчено.
thousand-finished-jammed = { $player } ({ $colour }) заповнює чуже поле разом із пішаками суперника, що застрягли: +{ $bonus }, гру закінчено.
thousand-over-no-move = Ніхто не може ходити: гру закінчено.
thousand-over-rounds = { $rounds ->
    [one] Зіграно { $rounds } коло
    [few] Зіграно { $rounds } кола
   *[many] Зіграно { $rounds } кіл
}: гру закінчено.
thousand-resigned = { $player } здається.
thousand-final-title = Підсумок (чуже поле + своє поле + середина + блокнот + премія):
thousand-final-line = { $place }. { $player }: { $opponent } { $own } { $middle } { $pad } { $bonus } = { $total }

thousand-sheet-turn = Хід
thousand-sheet-who = Хто
thousand-sheet-square = Поле
thousand-sheet-points = Очки
thousand-sheet-charge = без стрибка
thousand-sheet-total = блокнот
