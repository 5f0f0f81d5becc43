# «Воздушный бой» (Bitwa powietrzna). Argumenty-miejsca ($player) to imiona; $side, $enemy i
# $winner to przetłumaczone strony, $kind rodzaj lotnictwa (w narzędniku), $aa działo
# przeciwlotnicze (w bierniku); $plane i $target to oznaczenia samolotów (B1–B6 bombowce,
# F1–F10 myśliwce); $from, $to, $node i $unit to nazwy węzłów, np. e5; $arrows to ruchy jako
# strzałki; $turns liczba. Nazwa gry (game-air-battle) jest w core.ftl.

rules-air-battle =
    Bitwa powietrzna, 2 graczy (albo 2 na 2: każda strona ma dowódcę bombowców i dowódcę myśliwców). Pierwsi ruszają się Czerwoni (południe), potem Zieloni (północ). Każda strona ma 6 bombowców (B) i 10 myśliwców (F) na dwóch lotniskach, sztab w rogu i 12 stanowisk obrony przeciwlotniczej. Samoloty stoją w węzłach i patrzą w jedną z czterech stron.
    Wygrywa, kto zbombarduje sztab przeciwnika bombowcem albo zniszczy jego lotnictwo («Игрушка»: wszystkie bombowce i co najmniej 8 myśliwców; «Аэрофото»: wszystkie 16 samolotów). 120 tur z rzędu bez strat — remis.
    «Игрушка» (Zabawka): w turze jeden samolot wykonuje jedną operację, najpierw obroty, wszystkie w tę samą stronę. Bombowiec: ↑↑, ↺↺ / ↻↻ albo obrót i ↑. Myśliwiec: ↑↑↑, trzy obroty, dwa obroty i ↑ albo obrót i ↑↑. Start tylko prosto przed siebie. Nigdy przez inny samolot. Wroga wyrzutnia rakiet zestrzeliwuje wszystko, co wleci do jej węzła; działko — wszystko, co nie nadlatuje od jego tyłu.
    «Аэрофото» (Aerofoto): w turze rusza się jeden myśliwiec (do 3 ruchów) i jeden bombowiec (do 2), w dowolnej kolejności; ruch to ↑ krok albo ↺ ↻ obrót; każdy może spasować. Obrona przeciwlotnicza strzela do samolotu, który kończy ruch w jej węźle albo w węzłach na lewo, wyżej i na lewo wyżej (tak jak widzi planszę jej właściciel).
    Walka: wleć do węzła przeciwnika z boku albo od ogona, a go zestrzelisz; czołowo tylko bombowiec myśliwca («Игрушка»: samolot na lotnisku z każdej strony). Bombarduje tylko bombowiec, wlatując na sztab przeciwnika.

setting-edition = Wydanie
setting-edition-toy = «Игрушка» (Zabawka)
setting-edition-photo = «Аэрофото» (Aerofoto)

air-side-south = Czerwoni
air-side-north = Zieloni
air-kind-bomber = bombowcami
air-kind-fighter = myśliwcami
air-aa-rocket = wyrzutnię rakiet
air-aa-gun = działko przeciwlotnicze

prompt-air-toy = wybierz samolot, potem jego operację, potem potwierdź.
prompt-air-photo = wybierz samolot i jego ruchy po kolei (↑ krok, ↺ ↻ obrót), potem „gotowe” — albo spasuj.
prompt-air-toy-bomber = wybierz bombowiec (B), potem jego operację, potem potwierdź.
prompt-air-toy-fighter = wybierz myśliwiec (F), potem jego operację, potem potwierdź.
prompt-air-photo-bomber = wybierz bombowiec (B) i jego ruchy po kolei (↑ krok, ↺ ↻ obrót), potem „gotowe” — albo spasuj.
prompt-air-photo-fighter = wybierz myśliwiec (F) i jego ruchy po kolei (↑ krok, ↺ ↻ obrót), potem „gotowe” — albo spasuj.
btn-air-operation = { $arrows }
btn-air-motion = { $arrow }
btn-air-confirm = ✅ Potwierdź
btn-air-done = ✅ Gotowe
btn-air-pass-bomber = Pas bombowcami
btn-air-pass-fighter = Pas myśliwcami

air-flew = { $player } ({ $side }): { $plane } { $arrows } { $from } → { $to }.
air-turned = { $player } ({ $side }): { $plane } { $arrows } w { $node }.
air-shot-down = { $plane } ({ $side }) zestrzeliwuje { $target } ({ $enemy }) w { $node }.
air-aa-hit = { $plane } ({ $side }) zostaje zestrzelony w { $node } przez { $aa } w { $unit }.
air-bombed = { $plane } ({ $side }) bombarduje sztab przeciwnika ({ $enemy }): wygrywają { $side }!
air-passed = { $player } ({ $side }) pasuje { $kind }.
air-cannot-move = { $side } nie mogą się ruszyć i pasują.
air-over-air-force = Lotnictwo strony { $side } zniszczone: wygrywają { $winner }.
air-over-both = Oba lotnictwa zniszczone jednym ruchem: wygrywają ci, którzy się ruszali — { $winner }.
air-over-draw = { $turns ->
    [one] { $turns } tura
    [few] { $turns } tury
   *[many] { $turns } tur
} z rzędu bez strat: remis.
air-resigned = { $player } poddaje się za stronę { $side }.
