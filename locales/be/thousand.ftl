# «Tysiąc na szachownicy» (Тысяча на шахматнай дошцы). Аргументы-месцы ($player) — імёны;
# $colour — перакладзены кут (Пд, У, Пн, З); $from, $over, $to і $square — назвы палёў накшталт
# c3; $points і часткі выніку — тэкст са знакам (+20, −10; першая частка і сума без плюса);
# $cost, $pawns, $count, $bonus і $rounds — лікі.

game-thousand = Тысяча на шахматнай дошцы (Tysiąc na szachownicy)
rules-thousand =
    Тысяча на шахматнай дошцы, 4 гульцы (або 2: па адной дыяганалі ці па два колеры). У кожнага колеру 9 пешак на вуглавым полі 3 × 3, мэта — процілеглы кут; ходзяць па чарзе Пд, У, Пн, З.
    Па-за палямі пешка ступае на адну клетку ўперад па сваёй дыяганальнай дарожцы, назад нельга. На сваім і на чужым полі яна ходзіць свабодна ў 8 бакоў; сваё поле пакідае толькі крокам уперад з клеткі выхаду, а чужое поле не пакідае ніколі.
    Скачыце праз пешку іншага гульца на вольную клетку за ёй і далей праз наступныя ў тым самым кірунку; спыніцца можна пасля любога скачка. Ніхто нікога не б'е. Крок, калі ваша пешка магла скочыць, каштуе 5 ачкоў за кожную такую пешку (кнопка пра гэта папярэджвае).
    Кожны заход на каштоўныя скрыжаванні ў цэнтры (−40, +20, −10) запісваецца ў нататнік (/score).
    Гульня заканчваецца, калі ў колеру ўсе 9 пешак на чужым полі (+50; таксама калі астатнія не могуць увайсці, бо поле запоўнена пешкамі саперніка, што засялі), калі ніхто не можа хадзіць, або пасля 100 кругоў — звычайны канец.
    Лік: сума лікаў на клетках чужога поля пад вашымі пешкамі, мінус лікі клетак свайго поля, дзе пешкі засталіся, −5 за кожную пешку ў сярэдзіне, плюс нататнік. Перамагае большы лік.

thousand-colour-0 = Пд
thousand-colour-1 = У
thousand-colour-2 = Пн
thousand-colour-3 = З

setting-two-players = Калі гульцоў двое
setting-two-players-diagonal = адна дыяганаль (Пд супраць Пн)
setting-two-players-pairs = па два колеры (Пд+У супраць Пн+З)

prompt-thousand-move = выберыце пешку, потым куды яна ідзе.
prompt-thousand-jump = можна скочыць: крок цяпер каштуе 5 ачкоў за кожную пешку, якая магла скочыць.
prompt-thousand-chain = скачыце далей або спыніцеся.
btn-thousand-stop = ✋ Стоп
btn-thousand-charged = { $square } (−{ $cost }: { $pawns ->
    [one] { $pawns } пешка магла
    [few] { $pawns } пешкі маглі
   *[many] { $pawns } пешак маглі
} скочыць)

thousand-seat-colour = { $player } гуляе за { $colour }, з кута { $corner }.
thousand-stepped = { $player } ({ $colour }): { $from } → { $to }.
thousand-charged = { $player } ступае, хоць { $pawns ->
    [one] { $pawns } пешка магла
    [few] { $pawns } пешкі маглі
   *[many] { $pawns } пешак маглі
} скочыць: −{ $cost } у нататнік.
thousand-hopped = { $player } ({ $colour }) скача { $from } → { $to } праз { $over }.
thousand-stopped = { $player } ({ $colour }) заканчвае скачок на { $square }.
thousand-crossing = { $player } ({ $colour }) заходзіць на { $square }: { $points } у нататнік.
thousand-entered = Пешка гульца { $player } ({ $colour }) уваходзіць на чужое поле на { $square } ({ $count } з 9).
thousand-passed = { $player } ({ $colour }) не можа хадзіць і прапускае ход.
thousand-finished = У гульца { $player } ({ $colour }) усе дзевяць пешак на чужым полі: +{ $bonus }, гульня скончана.
thousand-finished-jammed = { $player } ({ $colour }) запаўняе чужое поле разам з пешкамі саперніка, што засялі: +{ $bonus }, гульня скончана.
thousand-over-no-move = Ніхто не можа хадзіць: гульня скончана.
thousand-over-rounds = { $rounds ->
    [one] Згуляна { $rounds } кола
    [few] Згуляна { $rounds } колы
   *[many] Згуляна { $rounds } колаў
}: гульня скончана.
thousand-resigned = { $player } здаецца.
thousand-final-title = Вынік (чужое поле + сваё поле + сярэдзіна + нататнік + прэмія):
thousand-final-line = { $place }. { $player }: { $opponent } { $own } { $middle } { $pad } { $bonus } = { $total }

thousand-sheet-turn = Ход
thousand-sheet-who = Хто
thousand-sheet-square = Поле
thousand-sheet-points = Ачкі
thousand-sheet-charge = без скачка
thousand-sheet-total = нататнік
