# «Битка на танкове» (Bitwa czołgów). Argumenty-miejsca ($player, $opponent, $white, $black) to
# imiona graczy; $from, $to i $square to nazwy pól, np. g3; $kind to "tank" albo "commander".

game-tank-battle = Bitwa czołgów (Битка на танкове)
rules-tank-battle =
    Bitwa czołgów, 2 graczy, plansza 11 × 11. Białe (baza w prawym dolnym rogu) zaczynają; każda strona ma w swojej bazie 13 czołgów i czołg dowódcy.
    Czołg porusza się jak hetman: o dowolną liczbę pól w linii prostej albo po przekątnej. Nigdy nie przeskakuje czołgów ani min (czarnych pól) i nigdy nie wjeżdża na minę.
    Czerwony środek (e5–g7) to skażona strefa tylko dla dowódców: zwykłe czołgi nie wjeżdżają do niej ani jej nie przecinają; dowódca w niej zagradza drogę i nie można go zniszczyć.
    Wjedź na czołg przeciwnika, żeby go zniszczyć. Czołg, który dotrze do bazy przeciwnika, musi w niej zostać.
    Gra kończy się, gdy wszystkie czołgi jednej strony stoją w bazie przeciwnika (albo strona nie ma już czołgów), gdy gracz na ruchu nie może się ruszyć, albo po 100 ruchach bez zniszczenia czołgu i bez wjazdu do bazy.
    Punkty: 3 za dowódcę na narożnym polu dowódcy przeciwnika, 2 za każdy czołg w bazie przeciwnika, 1 za każdy pozostały czołg. Wygrywa więcej punktów; przy równej liczbie — remis.

prompt-tb-move = Wybierz czołg, a potem, dokąd jedzie.

tb-moved = { $player }: { $from } → { $to }.
tb-captured = { $kind ->
    [commander] { $player } niszczy czołg dowódcy gracza { $opponent } na { $square }!
   *[tank] { $player } niszczy czołg gracza { $opponent } na { $square }.
}
tb-entered-base = Czołg gracza { $player } wjeżdża do bazy przeciwnika na { $square }.
tb-commander-square = Dowódca gracza { $player } zajmuje pole dowódcy przeciwnika { $square } (3 punkty).
tb-over-all-in-base = Wszystkie czołgi gracza { $player } stoją w bazie przeciwnika: koniec gry.
tb-over-no-tanks = Gracz { $player } nie ma już czołgów: koniec gry.
tb-over-no-move = Gracz { $player } nie ma dozwolonego ruchu: koniec gry.
tb-over-quiet = { $moves ->
    [one] { $moves } ruch
    [few] { $moves } ruchy
   *[many] { $moves } ruchów
} bez zniszczenia czołgu i bez wjazdu do bazy: koniec gry.
tb-resigned = { $player } się poddaje.
tb-final-scores = Punkty: { $white } (białe) { $white_points }, { $black } (czarne) { $black_points }.
tb-winner = Wygrywa { $player }!
tb-draw = Równa liczba punktów: remis.
