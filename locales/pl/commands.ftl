# Menu poleceń platform. menu-* — menu „/” w Telegramie (setMyCommands, osobna lista dla
# każdego języka; nazwy poleceń w Telegramie są wszędzie te same). cmd-* — przetłumaczone
# nazwy poleceń Discorda (małe litery, bez spacji, do 32 znaków); slash-* — opisy poleceń,
# opcji i wyborów w Discordzie (do 100 znaków).

menu-play = Wybierz grę
menu-join = Dosiądź się do stołu
menu-startgame = Zacznij, gdy wszyscy już są
menu-board = Pokaż planszę jeszcze raz
menu-move = Wpisz ruch, np. /move g1 g3
menu-score = Arkusz wyników
menu-nudge = Ponagl gracza, który ma ruch
menu-mygames = Twoje niedokończone gry
menu-pause = Zatrzymaj zegar (za zgodą wszystkich)
menu-resume = Uruchom zegar znowu
menu-vacation = Zatrzymaj swój zegar na N dni
menu-tz = Twoja strefa czasowa: w nocy bez przypomnień
menu-leave = Wyjdź z lobby
menu-resign = Poddaj się
menu-cancel = Przerwij grę
menu-rules = Zasady gry
menu-games = Wszystkie gry
menu-lang = Język: pl, en, ru, uk, be, bg, zh
menu-boards = Jedna plansza odświeżana albo nowa co turę
menu-help = Co potrafię
menu-top = Najlepsi gracze tutaj, według gier
menu-stats = Wyniki gracza tutaj
menu-history = Ostatnie gry tutaj
menu-replay = Obejrzyj zakończoną grę jeszcze raz
menu-watch = Dostawaj planszę tej gry prywatnie po każdym ruchu
menu-unwatch = Przestań dostawać planszę gry

cmd-play = graj
cmd-join = dołącz
cmd-leave = wyjdź
cmd-startgame = zacznij
cmd-resign = poddaj-się
cmd-cancel = przerwij
cmd-games = gry
cmd-score = wyniki
cmd-nudge = ponagl
cmd-mygames = moje-gry
cmd-pause = pauza
cmd-resume = wznów
cmd-help = pomoc
cmd-board = plansza
cmd-move = ruch
cmd-rules = zasady
cmd-lang = język
cmd-boards = plansze
cmd-vacation = urlop
cmd-tz = strefa-czasowa
cmd-top = ranking
cmd-stats = statystyki
cmd-history = historia
cmd-replay = powtórka
cmd-watch = obserwuj
cmd-unwatch = nie-obserwuj

slash-play = Otwórz nową grę na tym kanale
slash-play-game = Gra
slash-join = Dołącz do gry zbieranej na tym kanale
slash-leave = Wyjdź z gry zbieranej na tym kanale
slash-startgame = Zacznij zebraną grę
slash-resign = Poddaj się w grze na tym kanale
slash-cancel = Przerwij grę na tym kanale (jej założyciel albo moderator)
slash-games = Lista gier
slash-score = Arkusz wyników gry na tym kanale
slash-nudge = Ponagl gracza, który ma ruch (raz na godzinę)
slash-mygames = Twoje niedokończone gry
slash-pause = Zatrzymaj zegar tej gry (wszyscy muszą się zgodzić)
slash-resume = Uruchom znowu zegar tej gry
slash-help = Jak grać z Igroteką
slash-board = Pokaż planszę
slash-board-show = Gdzie ją pokazać
slash-board-here = tutaj, dla wszystkich
slash-board-me = mój widok, tylko dla mnie
slash-board-dm = mój widok, w prywatnej wiadomości
slash-move = Wpisz ruch jego oznaczeniami (np. A g3)
slash-move-labels = Oznaczenia, po kolei
slash-rules = Zasady gry
slash-rules-game = Gra (domyślnie ta, która toczy się tutaj)
slash-lang = Język bota tutaj
slash-lang-language = Język
slash-boards = Jedna plansza odświeżana na miejscu albo nowa co turę
slash-boards-mode = Jak pokazywać plansze
slash-boards-edit = jedna plansza, odświeżana na miejscu
slash-boards-new = nowa plansza co turę
slash-vacation = Zatrzymaj swój zegar we wszystkich grach na kilka dni
slash-vacation-days = Ile dni (albo off); bez wartości — ile zostało
slash-tz = Twoja strefa czasowa, żeby w nocy nie przychodziły przypomnienia
slash-tz-zone = Przesunięcie względem UTC: +3, UTC-5, +5:30 albo off; bez wartości — twoja strefa
slash-top = Najlepsi gracze tego kanału według rankingu
slash-top-game = Gra (domyślnie — wszystkie grane tutaj)
slash-stats = Wyniki gracza w tym kanale: gry, wygrane, serie, ranking
slash-stats-player = Czyje (domyślnie — twoje)
slash-history = Ostatnie zakończone gry w tym kanale
slash-replay = Obejrzyj jeszcze raz zakończoną grę tego kanału
slash-replay-n = Która gra z /history (1 = ostatnia)
slash-watch = Dostawaj planszę gry tego kanału w DM po każdym ruchu
slash-unwatch = Przestań dostawać planszę gry w DM

# Polecenia właściciela: tylko w menu samych właścicieli (Telegram: ich prywatny czat;
# Discord: serwer właściciela, dla jego administratorów).
menu-botstats = Stoły, gracze, ruchy, rozmiar danych, czas działania
menu-abort = Zakończ trwający stół: /abort 42
menu-maintenance = Odrzucaj nowe gry: on lub off
cmd-botstats = statystyki_bota
cmd-abort = zakończ-stół
cmd-maintenance = konserwacja
slash-botstats = Liczby bota: stoły, gracze, ruchy, rozmiar danych, czas działania
slash-abort = Zakończ trwający stół
slash-abort-table = Numer stołu
slash-maintenance = Odrzucaj nowe gry (trwające toczą się dalej) albo znów je przyjmuj
slash-maintenance-mode = on lub off
slash-maintenance-on = on: odrzucaj nowe gry
slash-maintenance-off = off: przyjmuj nowe gry
