package board

import (
	"math/bits"
	"strconv"
	"strings"
)

// MaxSize is the largest grid side a Layout supports (25x25, 5x5 boxes).
const MaxSize = 25

// Digit is a value 1..N that a cell can hold; 0 means no digit.
type Digit uint8

// String writes the digit as notation does: as a number (0 for none).
func (d Digit) String() string { return strconv.Itoa(int(d)) }

// Rune is the digit as written in a grid string: 1-9, then A-Z for 10 and up, '.' for none.
func (d Digit) Rune() rune {
	switch {
	case d == 0:
		return '.'
	case d <= 9:
		return rune('0' + d)
	default:
		return rune('A' + d - 10)
	}
}

// DigitFromRune reads a grid-string digit (1-9, then A-Z or a-z for 10 and up).
// It returns 0, false for anything else.
func DigitFromRune(r rune) (Digit, bool) {
	switch {
	case r >= '1' && r <= '9':
		return Digit(r - '0'), true
	case r >= 'A' && r <= 'Z':
		return Digit(r-'A') + 10, true
	case r >= 'a' && r <= 'z':
		return Digit(r-'a') + 10, true
	}
	return 0, false
}

// DigitSet is a set of digits: bit d-1 stands for digit d.
type DigitSet uint32

// DigitsOf returns the set of the given digits.
func DigitsOf(ds ...Digit) DigitSet {
	var s DigitSet
	for _, d := range ds {
		s = s.With(d)
	}
	return s
}

// AllDigits returns the set 1..n.
func AllDigits(n int) DigitSet { return DigitSet(1)<<uint(n) - 1 }

// Has reports whether d is in the set.
func (s DigitSet) Has(d Digit) bool { return d > 0 && s&(1<<(d-1)) != 0 }

// With returns the set with d added.
func (s DigitSet) With(d Digit) DigitSet { return s | 1<<(d-1) }

// Without returns the set with d removed.
func (s DigitSet) Without(d Digit) DigitSet { return s &^ (1 << (d - 1)) }

// Count returns the number of digits in the set.
func (s DigitSet) Count() int { return bits.OnesCount32(uint32(s)) }

// First returns the smallest digit of the set, or 0 when it is empty.
func (s DigitSet) First() Digit {
	if s == 0 {
		return 0
	}
	return Digit(bits.TrailingZeros32(uint32(s)) + 1)
}

// Single returns the only digit of a one-digit set.
func (s DigitSet) Single() (Digit, bool) {
	if s == 0 || s&(s-1) != 0 {
		return 0, false
	}
	return s.First(), true
}

// Digits returns the digits of the set in increasing order.
func (s DigitSet) Digits() []Digit {
	out := make([]Digit, 0, s.Count())
	for ; s != 0; s &= s - 1 {
		out = append(out, Digit(bits.TrailingZeros32(uint32(s))+1))
	}
	return out
}

// String writes the set as notation does: digits joined by commas ("1,5").
func (s DigitSet) String() string {
	var b strings.Builder
	for i, d := range s.Digits() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(d.String())
	}
	return b.String()
}

// PosSet is a set of positions inside one house: bit i stands for the house's i-th cell.
type PosSet uint32

// Has reports whether position i is in the set.
func (p PosSet) Has(i int) bool { return p&(1<<uint(i)) != 0 }

// Count returns the number of positions in the set.
func (p PosSet) Count() int { return bits.OnesCount32(uint32(p)) }

// First returns the lowest position of the set, or -1 when it is empty.
func (p PosSet) First() int {
	if p == 0 {
		return -1
	}
	return bits.TrailingZeros32(uint32(p))
}

// Positions returns the positions of the set in increasing order.
func (p PosSet) Positions() []int {
	out := make([]int, 0, p.Count())
	for ; p != 0; p &= p - 1 {
		out = append(out, bits.TrailingZeros32(uint32(p)))
	}
	return out
}
