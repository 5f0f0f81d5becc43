# «Tysiąc na szachownicy». Argumenty-miejsca ($player) to imiona; $colour to przetłumaczony róg
# (Pd, W, Pn, Z); $from, $over, $to i $square to nazwy pól, np. c3; $points i części wyniku to
# tekst ze znakiem (+20, −10; pierwsza część i suma bez plusa); $cost, $pawns, $count, $bonus
# i $rounds to liczby.

game-thousand = Tysiąc na szachownicy
rules-thousand =
    Tysiąc na szachownicy, 4 graczy (albo 2: po jednej przekątnej albo po dwa kolory). Każdy kolor ma 9 pionków na swoim polu wyjściowym 3 × 3 w rogu i zmierza do przeciwległego rogu; kolejność ruchów: Pd, W, Pn, Z.
    Poza polami wyjściowymi pionek przesuwa się naprzód o jedno pole po swojej ukośnej linii, bez prawa cofania się. Na własnym polu wyjściowym i na polu przeciwnika porusza się swobodnie we wszystkich 8 kierunkach; własne pole opuszcza tylko ruchem naprzód z pola wyjścia, a pola przeciwnika nie opuszcza nigdy.
    Przeskakuj pionek innego gracza na wolne pole za nim i dalej przez kolejne w tym samym kierunku; zatrzymać się można po każdym skoku. Pionki nie zbijają się wzajemnie. Zwykły ruch, gdy twój pionek mógł skoczyć, kosztuje 5 punktów ujemnych za każdy taki pionek (przycisk o tym uprzedza).
    Każde wejście na pola ujemne i dodatnie na środku planszy (−40, +20, −10) zapisuje się w bloczku (/score).
    Gra kończy się, gdy kolor ma wszystkie 9 pionków na polu przeciwnika (premia +50; także gdy reszta nie może wejść, bo pole zapełniły zablokowane pionki przeciwnika), gdy nikt nie może się ruszyć, albo po 100 kolejkach — to zwykłe zakończenie.
    Wynik: suma liczb na polach przeciwnika zajętych przez twoje pionki, minus wartości pól własnego pola wyjściowego, na których zostały pionki, po 5 punktów ujemnych za każdy pionek na środku planszy, plus bloczek. Wygrywa największa liczba punktów.

thousand-colour-0 = Pd
thousand-colour-1 = W
thousand-colour-2 = Pn
thousand-colour-3 = Z

setting-two-players = Przy dwóch graczach
setting-two-players-diagonal = jedna przekątna (Pd i Pn)
setting-two-players-pairs = po dwa kolory (Pd+W i Pn+Z)

prompt-thousand-move = wybierz pionek, a potem, dokąd idzie.
prompt-thousand-jump = możliwy jest skok: zwykły ruch kosztuje teraz 5 punktów ujemnych za każdy pionek, który mógł skoczyć.
prompt-thousand-chain = skacz dalej albo zatrzymaj się tutaj.
btn-thousand-stop = ✋ Stop
btn-thousand-charged = { $square } (−{ $cost }: { $pawns ->
    [one] { $pawns } pionek mógł
    [few] { $pawns } pionki mogły
   *[many] { $pawns } pionków mogło
} skoczyć)

thousand-seat-colour = { $player } gra kolorem { $colour }, z rogu { $corner }.
thousand-stepped = { $player } ({ $colour }): { $from } → { $to }.
thousand-charged = { $player } wykonuje zwykły ruch, choć { $pawns ->
    [one] { $pawns } pionek mógł
    [few] { $pawns } pionki mogły
   *[many] { $pawns } pionków mogło
} skoczyć: −{ $cost } w bloczku.
thousand-hopped = { $player } ({ $colour }) skacze { $from } → { $to } przez { $over }.
thousand-stopped = { $player } ({ $colour }) kończy skok na { $square }.
thousand-crossing = { $player } ({ $colour }) wchodzi na { $square }: { $points } w bloczku.
thousand-entered = Pionek gracza { $player } ({ $colour }) wchodzi na pole przeciwnika na { $square } ({ $count } z 9).
thousand-passed = { $player } ({ $colour }) nie może się ruszyć i pasuje.
thousand-finished = { $player } ({ $colour }) ma wszystkie dziewięć pionków na polu przeciwnika: premia +{ $bonus }, koniec gry.
thousand-finished-jammed = { $player } ({ $colour }) zapełnia pole przeciwnika razem z jego zablokowanymi pionkami: premia +{ $bonus }, koniec gry.
thousand-over-no-move = Nikt nie może się ruszyć: koniec gry.
thousand-over-rounds = { $rounds ->
    [one] Rozegrano { $rounds } kolejkę
    [few] Rozegrano { $rounds } kolejki
   *[many] Rozegrano { $rounds } kolejek
}: koniec gry.
thousand-resigned = { $player } się poddaje.
thousand-final-title = Wynik końcowy (pole przeciwnika + własne pole + środek + bloczek + premia):
thousand-final-line = { $place }. { $player }: { $opponent } { $own } { $middle } { $pad } { $bonus } = { $total }

thousand-sheet-turn = Ruch
thousand-sheet-who = Kto
thousand-sheet-square = Pole
thousand-sheet-points = Pkt
thousand-sheet-charge = bez skoku
thousand-sheet-total = bloczek
