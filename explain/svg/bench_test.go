package svg_test

import (
	"context"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/svg"
	"github.com/stepdoku/stepdoku/techniques"
)

// BenchmarkRender draws every step of a walkthrough per iteration, on 9x9 and 16x16
// boards, and reports pictures per second and bytes per picture: the cost of an HTML
// page or a web app screen.
func BenchmarkRender(b *testing.B) {
	grids := []struct{ name, grid string }{
		{"9x9", "7..9...6..5...7....41......18...4.7......8..9..72..1..9...3....4..6...8.......2.1"},
		{"16x16", "F34DE26G9C178BA5B8A57C9162GE3..D719CFD43A58BG..2EG62B5A84D3F179C19CF3ED457A86G2BG62B875ADE4391CF34DEGB26CF91A8578A571FC92B6G43DEDEG62A8B34FC7519CF34D6GE1975B28A5719C43F8AB2EDG62B8A5917G6ED.C34A57193F..826D..G62B8A175..D.C...4DEG68B..3C.5A.19CF34GED7.5...B8"},
	}
	for _, g := range grids {
		b.Run(g.name, func(b *testing.B) {
			bd, err := board.Parse(g.grid)
			if err != nil {
				b.Fatal(err)
			}
			tr, err := techniques.Solve(context.Background(), bd, techniques.Options{})
			if err != nil {
				b.Fatal(err)
			}
			states, err := tr.States(bd.Layout())
			if err != nil {
				b.Fatal(err)
			}
			var pics, size int
			for b.Loop() {
				for i, s := range tr.Steps {
					out := svg.Render(states[i], &s, svg.Options{Title: explain.OneLiner(bd.Layout(), s)})
					pics++
					size += len(out)
				}
			}
			b.ReportMetric(float64(pics)/b.Elapsed().Seconds(), "pictures/s")
			b.ReportMetric(float64(size)/float64(pics), "bytes/picture")
			b.ReportMetric(float64(len(tr.Steps)), "steps")
		})
	}
}
