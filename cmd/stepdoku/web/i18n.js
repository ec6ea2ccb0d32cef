// The app's words in every language it speaks. The server's texts (hints, steps,
// mistakes) come in the language asked for; these are the page's own.
export const WORDS = {
  en: {
    language: "Language", hideTimer: "Hide timer", showTimer: "Show timer", playArea: "Play",
    boardLabel: "Sudoku board", padLabel: "Digits", toolsLabel: "Tools", helpLabel: "Help",
    erase: "Erase", notes: "Notes", undo: "Undo", redo: "Redo", autoNotes: "Fill candidates",
    check: "Check", hint: "Hint", apply: "Apply", walk: "Walk through",
    openPuzzle: "Open a puzzle", pasteLabel: "Paste a puzzle in any format the command line reads",
    rules: "Rules", rulesAsSaid: "as the puzzle says", rulesX: "Sudoku-X", rulesWindoku: "Windoku",
    rulesXW: "Sudoku-X and windoku", rulesJigsaw: "Jigsaw", rulesKiller: "Killer", open: "Open",
    orNew: "Or a new puzzle from the generator:", level: "Level", lvBeginner: "beginner",
    lvEasy: "easy", lvMedium: "medium", lvHard: "hard", lvExpert: "expert", newPuzzle: "New puzzle",
    byUrl: "Or open /?p=puzzle in the address bar (&lang=ja for Japanese).",
    walkHeading: "Walkthrough from your position", prev: "Previous", next: "Next", close: "Close",
    showSteps: "Show all steps", hideSteps: "Hide the steps",
    keysHeading: "Keys",
    keysText: "Arrows move; 1-9 enter a digit (with Shift, a note); Backspace erases; N switches notes; Ctrl+Z undoes, Ctrl+Y redoes; H asks for a hint; Tab reaches the buttons.",
    digit: "Digit {d}", markDigit: "Note {d}",
    cellName: "row {r}, column {c}", empty: "empty", given: "given {d}", candidates: "candidates {m}",
    conflictSaid: "repeats a digit", mistakeSaid: "wrong", cageSaid: "cage of {s}",
    unique: "valid, exactly one solution", several: "valid, but several solutions",
    noSolution: "no solution", invalid: "invalid: {p}",
    noMistakes: "No mistakes so far.", mistakes: "{n} of your digits differ from the solution.",
    mistakesFirst: "First fix these mistakes:", solved: "Solved. Well done!",
    loading: "Working…", stop: "Stop", stopped: "Stopped.", hintLevel: "Hint, level {l} of 4", noHint: "No hint: {p}",
    screenPuzzle: "your position", screenEnd: "the end", walkFrom: "(your position)", walkEnd: "(the end)",
    legendX: "Sudoku-X: each shaded diagonal also holds every digit once.",
    legendW: "Windoku: each of the four shaded windows also holds every digit once.",
    legendJ: "Jigsaw: the regions inside the bold lines take the place of the boxes.",
    legendK: "Killer: the digits of each dashed cage add up to the small sum at its corner, with no digit twice.",
    rulesX2: "Sudoku-X: the two diagonals also hold every digit once.",
    rulesW2: "Windoku: the four shaded windows also hold every digit once.",
    rulesJ2: "Jigsaw: the regions inside the bold lines take the place of the boxes.",
    rulesK2: "Killer: the digits of each dashed cage add up to its sum, with no digit twice.",
    newFailed: "No new puzzle: {e}"
  },
  ja: {
    language: "言語", hideTimer: "タイマーを隠す", showTimer: "タイマーを表示", playArea: "盤面",
    boardLabel: "ナンプレの盤面", padLabel: "数字", toolsLabel: "道具", helpLabel: "手助け",
    erase: "消す", notes: "メモ", undo: "元に戻す", redo: "やり直す", autoNotes: "候補を全部書く",
    check: "答え合わせ", hint: "ヒント", apply: "この手を打つ", walk: "解き方を見る",
    openPuzzle: "問題を開く", pasteLabel: "コマンドが読める形式の問題を貼り付けてください",
    rules: "ルール", rulesAsSaid: "問題に従う", rulesX: "対角線ナンプレ", rulesWindoku: "ウィンドウナンプレ",
    rulesXW: "対角線とウィンドウ", rulesJigsaw: "ジグソーナンプレ", rulesKiller: "キラーナンプレ", open: "開く",
    orNew: "または新しい問題を作る：", level: "難しさ", lvBeginner: "入門", lvEasy: "初級",
    lvMedium: "中級", lvHard: "上級", lvExpert: "達人", newPuzzle: "新しい問題",
    byUrl: "アドレス欄で /?p=問題 を開くこともできます（日本語は &lang=ja）。",
    walkHeading: "今の盤面からの解き方", prev: "前へ", next: "次へ", close: "閉じる",
    showSteps: "手順を全部表示", hideSteps: "手順を隠す",
    keysHeading: "キー操作",
    keysText: "矢印で移動、1〜9で数字を入れる（Shiftを押しながらならメモ）、Backspaceで消す、Nでメモ切り替え、Ctrl+Zで元に戻す、Ctrl+Yでやり直す、Hでヒント、Tabでボタンへ。",
    digit: "数字 {d}", markDigit: "メモ {d}",
    cellName: "{r}行{c}列", empty: "空き", given: "ヒント数字 {d}", candidates: "候補 {m}",
    conflictSaid: "数字が重複", mistakeSaid: "誤り", cageSaid: "ケージの和 {s}",
    unique: "正しい問題、解答はひとつ", several: "正しい問題、ただし解答が複数",
    noSolution: "解答がない", invalid: "誤った問題：{p}",
    noMistakes: "今のところ誤りはありません。", mistakes: "入れた数字のうち {n} 個が解答と違います。",
    mistakesFirst: "まずこの誤りを直してください：", solved: "解けました。おめでとうございます！",
    loading: "計算中…", stop: "中止", stopped: "中止しました。", hintLevel: "ヒント（4段階中{l}段階目）", noHint: "ヒントなし：{p}",
    screenPuzzle: "今の盤面", screenEnd: "終わり", walkFrom: "（今の盤面）", walkEnd: "（終わり）",
    legendX: "対角線ナンプレ：色のついた2本の対角線にも1〜9が1つずつ入ります。",
    legendW: "ウィンドウナンプレ：色のついた4つの窓にも1〜9が1つずつ入ります。",
    legendJ: "ジグソーナンプレ：太線で囲まれた領域がブロックの代わりです。",
    legendK: "キラーナンプレ：点線のケージの数字の和は角の小さな数になり、同じ数字は入りません。",
    rulesX2: "対角線ナンプレ：2本の対角線にも1〜9が1つずつ入ります。",
    rulesW2: "ウィンドウナンプレ：色のついた4つの窓にも1〜9が1つずつ入ります。",
    rulesJ2: "ジグソーナンプレ：太線で囲まれた領域がブロックの代わりです。",
    rulesK2: "キラーナンプレ：点線のケージの数字の和は角の数になり、同じ数字は入りません。",
    newFailed: "新しい問題を作れませんでした：{e}"
  }
};

// say returns the words of key in lang with {name} filled from args.
export function say(lang, key, args) {
  const table = WORDS[lang] || WORDS.en;
  let s = table[key] !== undefined ? table[key] : WORDS.en[key];
  if (s === undefined) { return key; }
  for (const k in args || {}) { s = s.split("{" + k + "}").join(String(args[k])); }
  return s;
}
