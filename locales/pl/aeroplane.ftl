# Samolotowy chińczyk (飞行棋). Argumenty-miejsca ($player, $victim) to imiona graczy; $plane to
# numer samolotu 1–4 (w formacji najmniejszy), $count liczba samolotów, $colour nazwa koloru.

game-aeroplane = Samolotowy chińczyk (飞行棋)
rules-aeroplane =
    Samolotowy chińczyk (飞行棋), 2–4 graczy. Sprowadź wszystkie cztery samoloty z hangaru do środka planszy.
    Naciśnij „Rzuć”, potem wybierz samolot. Parzysty rzut (zob. ustawienie startu) wyprowadza samolot z hangaru na pole startowe.
    Samoloty lecą zgodnie z ruchem wskazówek zegara; z pola swojego koloru samolot skacze na następne takie pole, a ze swojego pola skrótu przelatuje na przełaj przez planszę.
    Kto stanie na samolotach przeciwnika, odsyła je do hangaru; przelatywanie nad nimi jest bezpieczne.
    Szóstka daje kolejny rzut; trzecia szóstka z rzędu odsyła do hangaru samoloty ruszone za pierwsze dwie i kończy turę.
    Stając na własnym samolocie, można połączyć je w formację; formacja rusza się jak jeden samolot.
    Do środka wchodzi się tylko dokładnym rzutem (albo z odbiciem, zależnie od ustawienia). Wygrywa, kto pierwszy sprowadzi wszystkie cztery; gra toczy się, dopóki nie zostanie jeden gracz.

colour-0 = Czerwony
colour-1 = Żółty
colour-2 = Niebieski
colour-3 = Zielony
# Litera na hangarze każdego rogu na obrazku planszy.
aero-letter-0 = C
aero-letter-1 = Ż
aero-letter-2 = N
aero-letter-3 = Z

setting-takeoff = Rzut na start
setting-takeoff-even = parzysty
setting-takeoff-six = tylko 6
setting-takeoff-five-six = 5 lub 6
setting-centre = Wejście do środka
setting-centre-exact = dokładnym rzutem
setting-centre-bounce = z odbiciem nadwyżki
setting-fly-then-jump = Skok po przelocie
setting-fly-then-jump-off = nie
setting-fly-then-jump-on = tak (18 → 30 → 34)
setting-stacking = Formacje
setting-stacking-on = tak
setting-stacking-off = nie

btn-roll = 🎲 Rzuć
btn-stack = Połącz
btn-no-stack = Nie łącz

prompt-aero-roll = Rzuć kostką.
prompt-aero-plane = Wybierz samolot.

aero-empty-corner = Róg w kolorze „{ $colour }” zostaje pusty.
aero-seat-colour = { $player } gra kolorem „{ $colour }”.
aero-rolled = { $player } wyrzuca { $roll }.
aero-took-off = Samolot { $plane } gracza { $player } wylatuje na pole startowe.
aero-moved = { $count ->
    [one] Samolot { $plane } gracza { $player } leci
    [few] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) leci
   *[many] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) leci
} na pole { $step }.
aero-moved-column = { $count ->
    [one] Samolot { $plane } gracza { $player } leci
    [few] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) leci
   *[many] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) leci
} na pole { $cell } swojej ścieżki do środka.
aero-bounced = { $count ->
    [one] Samolot { $plane } gracza { $player } przelatuje środek i odbija się
    [few] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) przelatuje środek i odbija się
   *[many] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) przelatuje środek i odbija się
} na pole { $cell } swojej ścieżki do środka.
aero-jumped = { $count ->
    [one] Samolot { $plane } gracza { $player } skacze
    [few] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) skacze
   *[many] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) skacze
} na pole { $step }.
aero-flew = { $count ->
    [one] Samolot { $plane } gracza { $player } leci na skróty
    [few] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) leci na skróty
   *[many] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) leci na skróty
} na pole { $step }.
aero-sent-home = { $player } odsyła do hangaru { $count ->
    [one] { $count } samolot
    [few] { $count } samoloty
   *[many] { $count } samolotów
} gracza { $victim }.
aero-danger-cell = { $player } przelatuje nad ścieżką gracza { $victim } i odsyła do hangaru { $count ->
    [one] { $count } samolot
    [few] { $count } samoloty
   *[many] { $count } samolotów
}.
aero-stacked = { $player } łączy w formację { $count ->
    [one] { $count } samolot
    [few] { $count } samoloty
   *[many] { $count } samolotów
} (samolot { $plane }).
aero-reached-centre = { $count ->
    [one] Samolot { $plane } gracza { $player } dolatuje do środka!
    [few] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) dolatuje do środka!
   *[many] Formacja { $count } samolotów gracza { $player } (samolot { $plane }) dolatuje do środka!
}
aero-three-sixes = Trzy szóstki! { $count ->
    [0] { $player } traci turę.
    [one] Samolot gracza { $player } ruszony za szóstki wraca do hangaru.
    [few] { $count } samoloty gracza { $player } ruszone za szóstki wracają do hangaru.
   *[many] { $count } samolotów gracza { $player } ruszonych za szóstki wraca do hangaru.
}
aero-no-move = { $player } nie może wykorzystać { $roll }.
aero-extra-roll = { $player } rzuca jeszcze raz.
aero-finished = { $player } sprowadza wszystkie samoloty do środka i zajmuje { $place }. miejsce!
aero-resigned = { $player } się poddaje; jego samoloty opuszczają planszę.
