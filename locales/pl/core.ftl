# Igroteka — komunikaty silnika rozmowy (polski).

help =
    Igroteka prowadzi gry planszowe na tym czacie.
    /play — wybierz grę (albo /play aeroplane, /play tank-battle); na prywatnym czacie ze mną — z komputerem
    /join — dosiądź się do stołu; /leave — wyjdź z lobby
    /startgame — zacznij, gdy wszyscy już są
    /board — pokaż planszę jeszcze raz (na prywatnym czacie — twój własny widok)
    /move — wpisz ruch, np. /move g1 g3
    /score — arkusz wyników (w grach, które go prowadzą)
    /nudge — ponagl gracza, który ma ruch (raz na godzinę); /mygames — twoje niedokończone gry
    /pause — zatrzymaj zegar (gdy wszyscy się zgodzą), /resume; /vacation N — twój zegar stoi przez N dni
    /tz +3 — twoja strefa czasowa: w nocy bez przypomnień
    /resign — poddaj się; /cancel — przerwij grę (jej założyciel albo administrator)
    /rules [gra] — zasady; /games — wszystkie gry
    /lang — język: en, pl, ru, uk, be, bg, zh
    /boards edit|new — jedna plansza odświeżana na miejscu (domyślnie) albo nowa plansza co turę
    /top [gra] — najlepsi gracze tutaj; /stats [imię] — wyniki gracza; /history — ostatnie gry
    /replay [n] — zakończona gra jeszcze raz, jako animacja (1 = ostatnia)
    /watch — plansza tej gry prywatnie po każdym ruchu; /unwatch — koniec
    /undo — poproś o cofnięcie swojego ostatniego ruchu (pozostali zgadzają się na planszy)
    /threads on|off — każda partia we własnym wątku lub temacie forum (admini)
unknown-command = Nie znam polecenia /{ $command }. Zajrzyj do /help.
error-corrupt = Nie udało się odczytać zapisu tej gry, więc został odłożony na bok. Zacznij nową: /play.
error-internal = Przepraszam, coś poszło nie tak po mojej stronie. Stan gry zobaczysz pod /board.
error-storage = Przepraszam, nie udało się tego zapisać. Nic się nie zmieniło — spróbuj jeszcze raz.
press-raced = Ktoś był szybszy: ten przycisk jest już nieaktualny. Spójrz na najnowszą planszę.
press-stale = Ten przycisk jest nieaktualny. Użyj najnowszej wiadomości z planszą (albo /board).
press-stale-prompt = To pytanie jest nieaktualne: zastąpiło je nowsze. Użyj najnowszej prywatnej wiadomości (albo /board).
press-forged = Nie rozpoznaję tego przycisku. Nic się nie zmieniło.
press-not-yours = Ten przycisk należy do innego gracza.
press-gone = Tej gry już nie ma.
press-over = Ta gra już się skończyła.
not-a-player = Nie grasz w tej grze.
not-your-turn = To nie twój ruch.
not-started = Gra jeszcze się nie zaczęła.
no-game-here = Na tym czacie nie ma żadnej gry. Zacznij ją: /play.
move-impossible = Ten ruch nie jest teraz możliwy.
move-usage = Wpisz oznaczenia ruchu tak jak na przyciskach, np. /move g1 g3.
play-pick = W co gramy?
play-unknown = Nie znam gry „{ $game }”. Zajrzyj do /games.
play-planned = „{ $game }” już niedługo. Pod /games zobaczysz, w co można grać teraz.
play-bad-setting = To ustawienie jest niepoprawne: { $error }. Ustawienia: { $settings }.
play-busy = Tutaj trwa już gra „{ $game }”. Zobacz ją pod /board albo przerwij: /cancel.
lobby-title = Nowa gra: { $game }
lobby-players = Gracze ({ $count } z { $seats }): { $players }
seats-either = { $some } lub { $last }
lobby-hint = Naciśnij „Dołącz”, żeby zagrać; 🤖 + dosadza gracza komputerowego (łatwy, średni lub mocny). Gdy wszyscy są, dowolny gracz naciska „Start”.
lobby-hint-solo = Dosadź graczy komputerowych przyciskami 🤖 + (łatwy, średni lub mocny), potem naciśnij „Start”.
lobby-private-hello = Siedzisz przy stole gry „{ $game }”. Gdy gra się zacznie, twoje tajne ustawienie przyjdzie tutaj, na ten prywatny czat.
lobby-closed = Lobby zamknięte: wszyscy wyszli.
btn-join = Dołącz
btn-leave = Wyjdź
btn-start = Start
btn-my-board = 👁 Moja plansza
btn-back = ⬅ Wstecz
join-done = Dołączono.
btn-add-computer = 🤖 + { $level }
btn-drop-computer = 🤖 −
btn-rematch = 🔁 Rewanż
rematch-invite = 🔁 Rewanż! { $players }, naciśnijcie „Dołącz”, aby zagrać jeszcze raz.
rematch-done = Nowy stół jest otwarty.
rematch-players-only = O rewanż mogą poprosić tylko gracze tej partii; nową grę otwiera /play.
top-title = 🏆 { $game }: najlepsi gracze tutaj
top-line = { $place }. { $player } — { $points } (gry: { $games }, wygrane: { $wins })
top-computer = 🤖 Komputer ({ $level })
top-empty = Na tym czacie nie zakończyła się jeszcze żadna gra. Zacznijcie od /play.
top-empty-game = Nie zakończyła się tu jeszcze żadna partia „{ $game }”.
top-hint = Każdy zaczyna od 1000; wygrana z silniejszymi daje więcej. /stats — wyniki gracza, /history — ostatnie gry.
top-computers-usage = /top computers off usuwa graczy komputerowych z /top na tym czacie; /top computers on przywraca ich.
top-computers-admins = Tylko administrator czatu może to zmienić.
top-computers-hidden = Gracze komputerowi nie są już pokazywani w /top na tym czacie.
top-computers-shown = Gracze komputerowi znów są pokazywani w /top na tym czacie.
stats-title = 📊 { $player } na tym czacie
stats-line = { $game }: gry { $games }, wygrane { $wins }, średnie miejsce { $place }, najdłuższa seria { $streak }, ranking { $points }
stats-none = { $player } nie zakończył(a) jeszcze żadnej gry na tym czacie.
stats-none-mentioned = Ten gracz nie zakończył jeszcze żadnej gry na tym czacie.
stats-unknown = Nikt o imieniu „{ $name }” nie zakończył gry na tym czacie. Podaj imię jak w /top (na Discordzie wybierz gracza).
stats-ambiguous = Do „{ $name }” pasuje kilku graczy: { $names }. Napisz więcej z imienia.
history-title = 📜 Ostatnie gry na tym czacie
history-line = { $date } · { $game } · { $result }
btn-replay = ▶️ Powtórka
replay-caption = 🎬 { $game } · { $result } · ruchy: { $moves }
replay-coming = Powtórka jest w drodze.
replay-none = Na tym czacie nie zakończono jeszcze żadnej gry: nie ma czego powtórzyć. Zacznij grę: /play.
replay-which = /replay N powtarza grę z /history: N od 1 (ostatnia) do { $count }.
replay-gone = Zapis tej gry przepadł, więc nie ma powtórki.
replay-not-finished = Powtórkę ma tylko gra rozegrana do końca.
replay-just-sent = O tę powtórkę poproszono przed chwilą: jest w drodze.
watch-on = 👁 { $player } obserwuje grę: plansza przyjdzie prywatnie po każdym ruchu. /unwatch kończy.
watch-already = { $player }, już obserwujesz tę grę. /unwatch kończy.
watch-player = Grasz w tej grze: twoja plansza jest tutaj (a /board na prywatnym czacie ze mną pokaże twój widok).
watch-full = Ta gra ma już { $count } obserwujących — więcej się nie da.
watch-in-group = Wyślij /watch na czacie, na którym toczy się gra.
watch-off = 🙈 Plansza gry { $game } nie będzie już przychodzić.
watch-not-watching = Nie obserwujesz tej gry. /watch zaczyna.
watch-none = Nie obserwujesz żadnej gry. Wyślij /watch na czacie gry.
watch-which = Której gry mam już nie wysyłać?
watch-caption = 👁 { $game }
watch-unreachable = { $player }, nie mogę jeszcze pisać do ciebie prywatnie. Otwórz prywatny czat ze mną (w Telegramie naciśnij tam Start; na Discordzie zezwól na wiadomości prywatne od tego serwera) i wyślij /watch jeszcze raz.
btn-unwatch = 🙈 Nie obserwuj
undo-asked = ↩️ { $player } prosi o cofnięcie swojego ostatniego ruchu.
undo-open = ↩️ Cofnąć ostatni ruch gracza { $player }? Czekamy na: { $players }.
btn-undo-accept = ✅ Cofnij
btn-undo-refuse = ❌ Zostaw
undo-ping = 🔔 { $players }: { $player } prosi o cofnięcie swojego ostatniego ruchu. Odpowiedzcie na planszy.
undo-done = ↩️ Ostatni ruch gracza { $player } cofnięty.
undo-refused = ❌ { $decider } się nie zgadza: ruch gracza { $player } zostaje.
undo-counted = Zgoda przyjęta. Czekamy na pozostałych.
undo-over = Ta prośba jest już nieaktualna: gra poszła dalej.
undo-own = To ty prosisz — decydują pozostali.
undo-nothing = Nie masz ruchu do cofnięcia.
undo-too-late = Ktoś już się ruszył: cofnąć można tylko swój ostatni ruch, zanim ruszy się następny gracz.
undo-revealed = Ten ruch odkrył tajemnicę: nie można go cofnąć.
undo-private = Tajnego wyboru nie można cofnąć (rozstawienie ma własne przyciski do zmian).
undo-pending = Prośba o cofnięcie już jest: najpierw odpowiedzcie na planszy.
undo-computer-refuses = 🤖 { $player } się nie zgadza: gry na tym czacie liczą się do jego rankingu. (Na prywatnym czacie ze mną, przeciw samym komputerom, cofanie jest dozwolone.)
history-draw = remis: { $players }
computer-name = 🤖 Komputer { $n } ({ $level })
computer-added = Do stołu siada gracz komputerowy.
computer-dropped = Gracz komputerowy odchodzi od stołu.
level-easy = łatwy
level-normal = średni
level-strong = mocny
join-already = Już siedzisz przy tym stole.
join-full = Przy stole nie ma już miejsc.
join-started = Gra już się zaczęła.
leave-done = Wyszedłeś z lobby.
leave-use-resign = Gra trwa: żeby się poddać, użyj /resign.
setting-creator-only = Ustawienia zmienia tylko ten, kto otworzył lobby.
setting-done = Ustawienie zmienione.
start-need-players = Ta gra wymaga graczy: { $seats }.
start-failed = Nie udało się zacząć gry: { $error }
start-done = Gramy!
turn-prompt = { $player }, twój ruch: { $prompt }
turn-computer = { $player } myśli…
turn-stand-in = 🤖 Za gracza { $player } gra komputer…
turn-stand-in-busy = Ten ruch wykonuje za ciebie komputer, bo skończył ci się czas. Następny ruch znów należy do ciebie.
turn-waiting-private = Czekamy na: { $players } (w prywatnych wiadomościach).
prompt-choose = wybierz.
results-title = 🏁 Koniec gry.
results-line = { $place }. { $player }
results-line-score = { $place }. { $player } — { $score }
games-title = Gry:
games-line = { $id } — { $name } (graczy: { $seats })
rules-which = Która gra? Na przykład /rules aeroplane. Zajrzyj do /games.
cancel-not-allowed = Grę może przerwać tylko ten, kto ją założył, albo administrator czatu.
cancel-done = { $player } przerywa grę.
resign-done = { $player } się poddaje.
game-left-to-computers = Przy stole zostały same komputery, więc gra kończy się tutaj, bez zwycięzcy.
board-none-private = Nie masz żadnych trwających gier.
lang-usage = Wybierz język: /lang { $languages }
lang-done = Będę tu mówić po polsku.
lang-name = polski
lang-not-allowed = W grupie język zmienia tylko administrator czatu albo założyciel toczącej się tu gry.
game-air-battle = Bitwa powietrzna (Воздушный бой)
console-welcome = Konsola Igroteki. Wpisz „as IMIĘ /polecenie”, żeby działać jako użytkownik, „press N” (albo „as IMIĘ press N”), żeby nacisnąć przycisk N, „help” — więcej, „quit” — wyjście.

ping-turn = 🔔 { $players }: twój ruch w grze „{ $game }”.
press-refreshed = Plansza była nieaktualna; oto jak wygląda teraz.
private-unreachable = { $player }, nie mogę jeszcze napisać do ciebie prywatnie. Naciśnij przycisk poniżej, żeby dostawać prywatne wiadomości tej gry (w Telegramie otworzy nasz prywatny czat: naciśnij tam „Start”).
btn-private-chat = 🔒 Otwórz prywatny czat

boards-usage = Plansze tutaj: { $mode }. /boards edit — jedna plansza, odświeżana przy każdym ruchu; /boards new — nowa plansza co turę, więc na czacie zostaje historia partii.
boards-new = Od teraz każda tura dostaje tu nową wiadomość z planszą; starsze zostają, bez przycisków.
boards-edit = Od teraz na tym czacie jest jedna plansza na grę, odświeżana na miejscu.
score-title = 📋 Arkusz wyników: { $game }
score-none = Ta gra nie prowadzi arkusza wyników.
score-empty = (jeszcze nic nie zapisano)
score-earlier = … { $count ->
    [one] { $count } wcześniejszy wpis
    [few] { $count } wcześniejsze wpisy
   *[many] { $count } wcześniejszych wpisów
}

# Zegary (w lobby każdej gry).
setting-turn = Czas na ruch
setting-turn-5m = 5 min
setting-turn-15m = 15 min
setting-turn-1h = 1 godzina
setting-turn-12h = 12 godzin
setting-turn-24h = 24 godziny
setting-turn-3d = 3 dni
setting-turn-7d = 7 dni
setting-turn-off = bez limitu
setting-timeout = Gdy czas minie
setting-timeout-skip = ruch zostaje wykonany za gracza
setting-timeout-remove = gracz odpada
setting-timeout-vote = pozostali głosują: usunąć czy czekać
setting-timeout-computer = za gracza rusza się komputer
setting-misses = Usunięcie po opuszczonych ruchach
setting-misses-2 = 2 z rzędu
setting-misses-3 = 3 z rzędu
setting-misses-5 = 5 z rzędu
setting-misses-never = nigdy
clock-left = ⏳ { $players }: na ruch zostało { $left }.
clock-reminder-half = ⏰ { $player }, twój ruch w grze „{ $game }”: zostało { $left }.
clock-reminder-near = ⏰ { $player }, twój czas w grze „{ $game }” zaraz minie: zostało { $left }.
clock-digest = ⏰ { $player }, masz ruch w { $count ->
    [one] { $count } grze
    [few] { $count } grach
   *[many] { $count } grach
}:
tz-is = Twoja strefa czasowa to { $zone }: od { $from }:00 do { $to }:00 twojego czasu nie ma przypomnień. /tz off — zapomnij ją.
tz-none = Podaj swoją strefę czasową, a w nocy nie przyjdzie żadne przypomnienie: /tz +3 (albo /tz UTC-5, /tz +5:30).
tz-set = Strefa czasowa { $zone }: od { $from }:00 do { $to }:00 twojego czasu nie będzie przypomnień.
tz-off = Strefa czasowa zapomniana: przypomnienia przychodzą o każdej porze.
tz-usage = Użyj /tz z przesunięciem względem UTC, od -12 do +14: /tz +3, /tz UTC-5, /tz +5:30 albo /tz off.
clock-skipped = ⏰ Graczowi { $player } skończył się czas: ruch wykonano za niego (opuszczone z rzędu: { $misses }).
clock-computer = ⏰ Graczowi { $player } skończył się czas: 🤖 ruch wykonuje za niego komputer (opuszczone z rzędu: { $misses }).
clock-removed = ⏰ Graczowi { $player } skończył się czas: odpada z gry.
clock-vote = ⏰ Graczowi { $player } skończył się czas (opuszczone z rzędu: { $misses }). Pozostali gracze decydują: usunąć go z gry czy poczekać?
clock-waits = ⏰ Graczowi { $player } też skończył się czas (opuszczone z rzędu: { $misses }): ruch jego strony czeka na wynik głosowania.
vote-open = 🗳 Usunąć gracza { $player } z gry czy na niego poczekać? { $voters }: zagłosowało { $votes } z { $of }.
btn-vote-remove = Usuń: { $player }
btn-vote-wait = Czekamy
vote-counted = Twój głos został policzony.
vote-closed = To głosowanie już się skończyło.
vote-yourself = Głosowanie dotyczy ciebie: po prostu wykonaj ruch, a się skończy.
vote-removed = 🗳 Gracze zdecydowali: { $player } odpada z gry.
vote-wait = 🗳 Gracze zdecydowali poczekać: { $player } ma znów pełny czas na ruch.
nudge-yourself = To twój własny ruch.
nudge-wait = Gracza, który ma ruch, ponaglono niecałą godzinę temu: spróbuj za { $left }.
mygames-title = Twoje gry:
mygames-none = Nie masz niedokończonych gier.
mygames-lobby = • { $game }: czeka w lobby
mygames-yours = • { $game }: twój ruch, zostało { $left }
mygames-theirs = • { $game }: ruch ma { $players }, zostało { $left }
clock-paused = ⏸ Wszyscy gracze się zgodzili: zegar stoi. /resume uruchomi go znowu.
clock-pause-asked = ⏸ { $player } prosi o zatrzymanie zegara ({ $votes } z { $players }). Pozostali: /pause, jeśli się zgadzacie.
clock-resumed = ▶ Zegar znów idzie; ruch ma tyle czasu, ile miał.
clock-stopped = ⏸ Zegar stoi (/resume).
pause-already = Zegar już stoi. /resume uruchomi go znowu.
resume-not-paused = Zegar nie stoi.
vacation-set = 🏖 Twój zegar stoi we wszystkich twoich grach przez { $days ->
    [one] { $days } dzień
    [few] { $days } dni
   *[many] { $days } dni
} (z tegorocznej puli zostało: { $left }). /vacation off kończy urlop wcześniej.
vacation-on = 🏖 Jesteś na urlopie (z tegorocznej puli zostało dni: { $days }). /vacation off go kończy.
vacation-status = W tym roku zostało ci dni urlopu: { $days }. /vacation N zatrzymuje twój zegar we wszystkich grach na N dni.
vacation-off = Urlop się skończył: twoje zegary znów idą.
vacation-usage = Użyj /vacation N, gdzie N to od 1 do { $days } (tyle dni zostało w tym roku), albo /vacation off.

# Czas trwania (zegary, przypomnienia).
duration-minutes = { $n } min
duration-hours = { $n } godz.
duration-days = { $n ->
    [one] { $n } dzień
    [few] { $n } dni
   *[many] { $n } dni
}
duration-pair = { $first } { $second }

# Polecenia właściciela (/botstats, /abort, /maintenance): widzą je tylko właściciele bota, w
# prywatnym czacie z botem; maintenance-refused widzą wszyscy, gdy trwa tryb konserwacji.
owner-private-only = Użyj tego polecenia w prywatnym czacie ze mną.
owner-stats-title = Igroteka w skrócie
owner-stats-uptime = Działa już { $time }.
owner-stats-tables = { $count ->
    [one] { $count } otwarty stół
    [few] { $count } otwarte stoły
   *[many] { $count } otwartych stołów
}
owner-stats-game = { $game }: { $counts }
owner-status-lobby = zbieranie graczy { $count }
owner-status-setup = ustawianie { $count }
owner-status-playing = gra trwa { $count }
owner-stats-players = { $count ->
    [one] { $count } gracz w tym tygodniu
    [few] { $count } gracze w tym tygodniu
   *[many] { $count } graczy w tym tygodniu
}
owner-stats-moves = { $count ->
    [one] { $count } ruch dzisiaj
    [few] { $count } ruchy dzisiaj
   *[many] { $count } ruchów dzisiaj
}
owner-stats-store = Dane na dysku: { $mb } MB
owner-stats-store-unknown = Dane na dysku: magazyn nie podaje rozmiaru.
owner-stats-maintenance-on = Tryb konserwacji jest włączony: nowe gry są odrzucane.
owner-stats-maintenance-off = Tryb konserwacji jest wyłączony.
owner-abort-usage = Który stół? Wpisz /abort i jego numer, np. /abort 42.
owner-abort-unknown = Nie ma stołu { $table }.
owner-abort-over = Stół { $table } już się zakończył.
owner-abort-elsewhere = Stół { $table } gra na { $platform }: zakończ go stamtąd.
owner-abort-done = Stół { $table } ({ $game }) zakończony; gracze zostali powiadomieni.
owner-aborted = { $players }: właściciel bota zakończył tę grę ({ $game }). Przepraszamy za przerwę!
owner-maintenance-usage = /maintenance on odrzuca nowe gry (trwające toczą się dalej); /maintenance off znów je przyjmuje. Teraz tryb jest { $state ->
    [on] włączony
   *[off] wyłączony
}.
owner-maintenance-on = Tryb konserwacji włączony: nowe gry są odrzucane, trwające toczą się dalej.
owner-maintenance-off = Tryb konserwacji wyłączony: nowe gry znów są mile widziane.
maintenance-refused = Przepraszam, teraz nie zaczynam nowych gier: bot jest w konserwacji. Trwające gry toczą się dalej — spróbuj trochę później.

# Limity nadużyć (bots/src/limits, src/app/caps.rs).
limit-slow-down = Działasz szybciej, niż nadążam: przez kilka sekund pomijam to, co tu wysyłasz. Nic się nie zmieniło — odczekaj chwilę i graj dalej.
limit-chat-busy = Z tego czatu przychodzi więcej, niż nadążam: przez kilka sekund pomijam część naciśnięć. Nic się nie zmieniło — odczekaj chwilę i graj dalej.
limit-command-too-long = To polecenie jest dla mnie za długie (najwyżej { $limit } znaków). Nic się nie zmieniło.
limit-move-too-long = Ten ruch jest dla mnie za długi (najwyżej { $limit } znaków): wpisz krótszy albo użyj przycisków. Nic się nie zmieniło.
limit-lobbies = Masz już tyle otwartych zapisów do gry, ile może mieć jedna osoba (limit: { $count }). Najpierw rozpocznij albo anuluj (/cancel) jeden z nich; listę pokazuje /mygames.
limit-tables = Na tym czacie toczy się już tyle gier, ile można (limit: { $count }). Najpierw dokończ albo anuluj (/cancel) jedną z nich.

# A thread per game (/threads).
threads-groups-only = Wątki to ustawienie grupy: wyślij /threads w grupie.
threads-unsupported = Tu nie ma wątków.
threads-are-on = 🧵 Każda partia toczy się tu we własnym wątku (w Telegramie — w temacie forum). /threads off — partie toczą się wprost na czacie.
threads-are-off = Partie toczą się wprost na czacie. /threads on — każda partia po starcie dostaje własny wątek (w Telegramie — temat forum), więc może tu trwać kilka partii naraz.
threads-usage = Użyj /threads on albo /threads off (albo samo /threads, by zobaczyć ustawienie).
threads-admins = Tylko admin tego czatu może to zmienić.
threads-in-topic = Wyślij /threads w ogólnym temacie grupy: to ustawienie całej grupy.
threads-on-telegram = 🧵 Od teraz każda partia toczy się tu we własnym temacie, otwieranym przy starcie; lobby i wynik zostają tutaj. Tematy muszą być włączone, a ja potrzebuję uprawnienia admina „Zarządzanie tematami”.
threads-on-discord = 🧵 Od teraz każda partia toczy się tu we własnym wątku, otwieranym z lobby przy starcie; lobby i wynik zostają tutaj. Potrzebuję uprawnień „Tworzenie wątków publicznych” i „Wysyłanie wiadomości w wątkach”.
threads-off = Partie znów toczą się wprost na czacie. Partie, które już są we własnych wątkach, trwają tam dalej.
threads-opening = 🧵 Start: partia przenosi się do własnego wątku…
threads-refused-telegram = ⚠️ Nie udało się otworzyć tematu dla tej partii (tematy muszą być włączone, a ja potrzebuję uprawnienia „Zarządzanie tematami”), więc toczy się tutaj.
threads-refused-discord = ⚠️ Nie udało się otworzyć wątku dla tej partii (potrzebuję uprawnienia „Tworzenie wątków publicznych”), więc toczy się tutaj.
