package explain

import (
	"sort"

	"github.com/stepdoku/stepdoku/board"
)

// CheckGolden lets the external tests (package explain_test) compare with the golden
// files and rewrite them with -update, as the internal ones do.
var CheckGolden = checkGolden

// CatalogueIDs returns, sorted, the technique IDs of the English catalogue: the
// steps the prose goldens say must cover each of them.
func CatalogueIDs() ([]string, error) {
	cats, err := loadCatalogues()
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(cats[EN].file.Techniques))
	for id := range cats[EN].file.Techniques {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids, nil
}

// WrapForTest lets the external tests wrap prose as WriteText does.
var WrapForTest = wrap

// ShortForTest says step s in one sentence, as a walkthrough says a technique met
// before (detail "new").
func ShortForTest(l *board.Layout, s Step, lang Lang) (string, error) {
	c, err := catalogueOf(lang)
	if err != nil {
		return "", err
	}
	t, err := c.bind(l)
	if err != nil {
		return "", err
	}
	out, _, err := c.short(t, c.data(l, s))
	return out, err
}
