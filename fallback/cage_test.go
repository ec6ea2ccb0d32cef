package fallback

import (
	"math/bits"
	"testing"
)

// TestSqueeze holds squeeze to its definition on every digit set of up to 9 digits
// and every subset m of it: digit d of m becomes bit rank(d) of the result, where
// rank(d) counts the digits of union below d.
func TestSqueeze(t *testing.T) {
	for union := uint32(0); union < 1<<9; union++ {
		for m := union; ; m = (m - 1) & union {
			var want uint32
			for ds := m; ds != 0; ds &= ds - 1 {
				want |= 1 << bits.OnesCount32(union&(ds&-ds-1))
			}
			if got := squeeze(m, union); got != want {
				t.Fatalf("squeeze(%09b, %09b) = %b, want %b", m, union, got, want)
			}
			if m == 0 {
				break
			}
		}
	}
}
