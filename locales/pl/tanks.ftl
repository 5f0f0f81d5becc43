# «Идут танки» (Jadą czołgi). Argumenty-miejsca ($player, $opponent, $owner, $red, $green) to
# imiona graczy; $from, $to, $node, $target, $mine to nazwy kółek (A3, C16, R1, G2); $rocket to
# wyrzutnia rakiet (r1-r3 czerwonych, g1-g3 zielonych); $label, $from/$airfield (w lotach) to
# przetłumaczone identyfikatory.

game-tanks = Jadą czołgi (Идут танки)
rules-tanks =
    Jadą czołgi, 2 graczy. Czerwoni (u góry) i Zieloni (na dole) prowadzą po 4 czołgi czterema krzyżującymi się drogami na duże kółka przeciwnika.
    Przygotowanie, w prywatnych wiadomościach: połóż 4 miny na swojej połowie i wybierz, która z 3 twoich wyrzutni rakiet ma znak «Ц-П» (trafienie). Znaki min (2 × «Т-Р» zniszczony, «Л-П» unieruchomiony, «Н-С» niewypał) rozdaje się zakryte: nikt ich nie zna.
    Twoja tura: jeden rzut kostką 1-3 na każdy czołg, który może działać; po każdym rzucie jeden czołg, który się jeszcze nie ruszał, jedzie dokładnie tyle kółek. Zamiast rzutu możesz zawrócić czołg (nie w dwóch turach z rzędu).
    Na skrzyżowaniu czołg może skręcić na drugą drogę za jeden punkt. Nie wolno przeskakiwać czołgów; wjazd na czołg przeciwnika niszczy go i kończy ruch.
    Zatrzymanie na zburzonym moście: tracisz turę; jeśli przeciwnik wjedzie tam na ciebie, odpadają oba. Mina przeciwnika wybucha pod twoim czołgiem: zniszczony, stoi turę albo nic. Własne miny są dla ciebie nieszkodliwe.
    Zamiast całej tury wyślij samolot po łuku, jeśli pod nim stoi czołg przeciwnika: znaki rakiet odkrywa się w kolejności lotu, pierwsze «Ц-П» zestrzeliwuje samolot — czołg jest jednak zbombardowany, jeśli samolot minął go wcześniej.
    Czołg na dużym kółku przeciwnika dojechał; możesz wtedy przywrócić zniszczony czołg na wolne duże kółko swojej strony.
    Zniszcz wszystkie cztery czołgi przeciwnika, a wygrywasz od razu. W przeciwnym razie, gdy na polu nie zostanie żaden czołg (albo po 120 turach bez postępu), wygrywa więcej dojazdów, potem mniej straconych samolotów.

setting-dice = Kostka
setting-dice-die = kostka 1-3
setting-dice-no-die = bez kostki (odległości 1-4)
setting-rockets = Znaki rakiet
setting-rockets-one-hit = jedno «Ц-П», dwa «П»
setting-rockets-two-hits = dwa «Ц-П», jedno «П»

btn-tanks-mine = 💣 Połóż minę
btn-tanks-remove = Zdejmij minę
btn-tanks-hit-on = «Ц-П» na…
btn-tanks-miss-on = «П» na…
btn-tanks-random = 🎲 Losowe ustawienie
btn-tanks-confirm = ✅ Gotowe
btn-tanks-turn = ↩ Zawróć
btn-tanks-plane = ✈ Wyślij samolot
btn-tanks-from-left = z lewego lotniska
btn-tanks-from-right = z prawego lotniska
btn-tanks-pass = Pas
btn-tanks-bring-back = Przywróć czołg
btn-tanks-no-bring-back = Nie przywracaj
btn-tanks-keep = Zostaw rakiety

prompt-tanks-setup = Połóż 4 miny na swojej połowie i rozstaw znaki rakiet, potem naciśnij „Gotowe”.
prompt-tanks-turn = Rzuć kostką, zawróć czołg albo wyślij samolot.
prompt-tanks-pick = Wybierz czołg, który jedzie za ten rzut.
prompt-tanks-move = Wybierz czołg i odległość (albo zawróć czołg, albo wyślij samolot).
prompt-tanks-bring-back = Przywrócić zniszczony czołg na wolne duże kółko?
prompt-tanks-rearrange = Samolot odkrył twoje rakiety: zostaw je albo rozstaw na nowo.

tanks-label-hit = «Ц-П» (trafienie)
tanks-label-miss = «П» (pudło)
tanks-airfield-left = lewego lotniska
tanks-airfield-right = prawego lotniska

tanks-mine-laid = Twoja mina leży na { $mine }.
tanks-mine-lifted = Zdjęto minę z { $mine }.
tanks-rockets-set = Twoje rakiety: { $rocket1 } { $label1 }, { $rocket2 } { $label2 }, { $rocket3 } { $label3 }.
tanks-ready = { $player } jest gotów.
tanks-labels-dealt = Znaki min rozdane zakryte. Zaczynają Czerwoni.
tanks-rolled = { $player } wyrzuca { $roll }.
tanks-roll-lost = Żaden czołg gracza { $player } nie może przejechać { $roll }: rzut przepada.
tanks-moved = { $player }: { $from } → { $to } ({ $distance }).
tanks-moved-turning = { $player }: { $from } → { $to } ({ $distance }), skręca na drogę { $road }.
tanks-turned-around = { $player } zawraca czołg na { $node }.
tanks-captured = { $player } niszczy czołg gracza { $opponent } na { $node }!
tanks-both-out = Czołg gracza { $player } wjeżdża na czołg gracza { $opponent } w rzece na { $node }: odpadają oba!
tanks-in-river = Czołg gracza { $player } staje na zburzonym moście { $node } i wpada do rzeki: traci turę.
tanks-mine-kill = Mina gracza { $owner } na { $node }: «Т-Р» — czołg gracza { $player } zniszczony!
tanks-mine-stall = Mina gracza { $owner } na { $node }: «Л-П» — czołg gracza { $player } staje i traci turę.
tanks-mine-dud = Mina gracza { $owner } na { $node }: «Н-С» — niewypał.
tanks-arrived = Czołg gracza { $player } dojeżdża do { $node }! Dojechało: { $count }.
tanks-brought-back = { $player } przywraca zniszczony czołg na { $node }.
tanks-not-brought-back = { $player } nie przywraca czołgu.
tanks-turn-passes = { $player } nie ma czym się ruszyć: tura przechodzi dalej.
tanks-flight = { $player } wysyła samolot z { $from } na czołg na { $target }.
tanks-rocket-revealed = Rakieta { $rocket } gracza { $owner }: { $label }.
tanks-shot-down = Samolot gracza { $player } zestrzelony.
tanks-landed = Samolot gracza { $player } dolatuje do { $airfield }.
tanks-bombed = Czołg gracza { $opponent } na { $node } zbombardowany!
tanks-spared = Czołg na { $node } wychodzi z nalotu cało.
tanks-rockets-ready = Rakiety gracza { $player } znów stoją zakryte.
tanks-over-wipeout = Wszystkie czołgi gracza { $player } zniszczone: koniec gry.
tanks-over-no-tanks = Na polu nie został żaden czołg: koniec gry.
tanks-over-guard = { $turns ->
    [one] { $turns } tura
    [few] { $turns } tury
   *[many] { $turns } tur
} bez postępu: koniec gry.
tanks-resigned = { $player } się poddaje.
tanks-final = { $red }: dojechało { $red_arrivals }, stracone samoloty: { $red_planes }. { $green }: dojechało { $green_arrivals }, stracone samoloty: { $green_planes }.
tanks-winner = Wygrywa { $player }!
tanks-draw = Remis.
