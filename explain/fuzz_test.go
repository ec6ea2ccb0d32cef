package explain

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadJSON feeds ReadJSON arbitrary input: it must return an error or a trace,
// never panic, and a trace it accepts must render (or fail with an error) as text and
// JSON, since a reader of user files goes on to print them.
func FuzzReadJSON(f *testing.F) {
	for _, name := range []string{"trace-en.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", "golden", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add(`{"language":"ja","version":1,"size":4,"puzzle":"1234341221434321","summary":{"solved":true,"stuck":false,"several":false,"no_solution":false,"steps":0,"by_technique":[],"used_fallback":false},"steps":[]}`)
	f.Add(`{"language":"en","version":1,"size":9,"puzzle":"` + strings.Repeat(".", 81) + `","summary":{"solved":false,"stuck":true,"several":false,"no_solution":false,"steps":1,"by_technique":[],"used_fallback":false},"steps":[{"technique":"x-chain","pattern":{"chains":[{"nodes":[],"links":[]}]}}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		l, tr, err := ReadJSON(strings.NewReader(in))
		if err != nil {
			return
		}
		_ = WriteText(io.Discard, l, tr, TextOptions{})
		var buf bytes.Buffer
		if err := WriteJSON(&buf, l, tr); err == nil {
			if _, _, err := ReadJSON(&buf); err != nil {
				t.Errorf("a trace written by WriteJSON does not read back: %v", err)
			}
		}
	})
}
