package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hardPuzzlesFile is the shared set of the hardest known 9x9 puzzles, from the
// repository root's sibling folder.
const hardPuzzlesFile = "../../../shared/puzzles/forum-hardest-11plus.txt"

// loadSize is how hard TestServeLoad pushes: STEPDOKU_LOAD=1 runs the figures of the
// issue (200 hard requests in flight), -short a small run, else a middle one.
func loadSize(t *testing.T) (hardClients, easyRequests, walkClients int) {
	switch {
	case os.Getenv("STEPDOKU_LOAD") == "1":
		return 200, 100, 200
	case testing.Short():
		return 20, 20, 0
	default:
		return 50, 40, 20
	}
}

// outcome is one answer the load test got.
type outcome struct {
	status  int
	took    time.Duration
	err     error  // the request got no answer: lost
	notJSON string // the body, when it was not JSON
}

// TestServeLoad floods a server on loopback with hard puzzles while easy ones keep
// coming, and checks that nothing is lost: every request gets a JSON answer, a
// result, a 503 or a 504. It logs the easy and hard latencies, the goodput and the
// memory of the process, which the machine's noise keeps from being asserted.
func TestServeLoad(t *testing.T) {
	hard := readHardPuzzles(t, 400)
	hardClients, easyRequests, walkClients := loadSize(t)

	cfg := defaultServeConfig()
	cfg.freeAfter = 200 * time.Millisecond
	s := newServer(cfg)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.serve(ctx, ln, io.Discard) }()
	defer func() {
		stop()
		assert.NoError(t, <-served)
	}()
	url := "http://" + ln.Addr().String()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * (hardClients + walkClients + 2)}}
	defer client.CloseIdleConnections()

	rssBefore := rssMiB()
	peak := make(chan int)
	stopWatch := make(chan struct{})
	go func() { peak <- watchRSS(stopWatch) }()

	// Hard clients send again at once, and 50 ms after a 503: ruder than Retry-After
	// asks, so that the pressure stays on for the whole run.
	var mu sync.Mutex
	var hardOut, easyOut []outcome
	easyDone := make(chan struct{})
	var wg sync.WaitGroup
	start := time.Now()
	for i := range hardClients {
		wg.Go(func() {
			for k := 0; ; k++ {
				select {
				case <-easyDone:
					return
				default:
				}
				p := hard[(i+k*hardClients)%len(hard)]
				o := send(client, url+"/api/explain", `{"puzzle": "`+p+`"}`)
				mu.Lock()
				hardOut = append(hardOut, o)
				mu.Unlock()
				if o.status == http.StatusServiceUnavailable {
					time.Sleep(50 * time.Millisecond)
				}
			}
		})
	}
	// Easy requests start once the hard ones are in flight: two clients, each
	// waiting for its answer before the next.
	time.Sleep(500 * time.Millisecond)
	var easyWG sync.WaitGroup
	for range 2 {
		easyWG.Go(func() {
			for range easyRequests / 2 {
				o := send(client, url+"/api/explain", `{"puzzle": "`+example+`"}`)
				mu.Lock()
				easyOut = append(easyOut, o)
				mu.Unlock()
			}
		})
	}
	easyWG.Wait()
	close(easyDone)
	wg.Wait()
	elapsed := time.Since(start)

	// The other case: many walks of a large grid at once.
	var walkOut []outcome
	if walkClients > 0 {
		var walkWG sync.WaitGroup
		for range walkClients {
			walkWG.Go(func() {
				o := send(client, url+"/api/walk", `{"puzzle": "`+sparse16+`"}`)
				mu.Lock()
				walkOut = append(walkOut, o)
				mu.Unlock()
			})
		}
		walkWG.Wait()
	}
	close(stopWatch)
	rssPeak := <-peak

	// After the load the server falls idle and gives memory back.
	client.CloseIdleConnections()
	time.Sleep(time.Second)
	rssAfter := rssMiB()

	for name, outs := range map[string][]outcome{"hard": hardOut, "easy": easyOut, "walk": walkOut} {
		for i, o := range outs {
			require.NoError(t, o.err, "%s request %d got no answer: lost", name, i)
			require.Empty(t, o.notJSON, "%s request %d: status %d, not JSON", name, i, o.status)
			require.Contains(t, []int{http.StatusOK, http.StatusServiceUnavailable, http.StatusGatewayTimeout}, o.status,
				"%s request %d", name, i)
		}
	}
	require.Len(t, easyOut, easyRequests/2*2)
	assert.Positive(t, count(easyOut, http.StatusOK), "easy requests get answers under load")
	assert.Positive(t, count(hardOut, http.StatusOK), "hard requests get answers under load")

	t.Logf("%d hard clients, %d easy requests, %d 16x16 walks; solves %d, queue %d per class, GOMAXPROCS %d",
		hardClients, len(easyOut), len(walkOut), cfg.solves, cfg.queue, runtime.GOMAXPROCS(0))
	t.Logf("easy: %s", summary(easyOut))
	t.Logf("hard: %s; goodput %.1f answers/s over %s", summary(hardOut), float64(count(hardOut, http.StatusOK))/elapsed.Seconds(), elapsed.Round(time.Millisecond))
	if len(walkOut) > 0 {
		t.Logf("16x16 walks: %s", summary(walkOut))
	}
	t.Logf("RSS: %d MiB before, %d MiB at the peak, %d MiB a second after the load", rssBefore, rssPeak, rssAfter)
}

// readHardPuzzles reads up to n puzzles of the shared hardest set, or skips.
func readHardPuzzles(t *testing.T, n int) []string {
	t.Helper()
	f, err := os.Open(hardPuzzlesFile)
	if err != nil {
		t.Skipf("the shared puzzles are not here (%v); TestServerBusy covers admission", err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		if line := strings.TrimSpace(sc.Text()); len(line) >= 81 && !strings.HasPrefix(line, "#") {
			out = append(out, line[:81])
		}
	}
	require.NoError(t, sc.Err())
	require.NotEmpty(t, out, "%s holds no puzzle", hardPuzzlesFile)
	return out
}

func send(client *http.Client, url, body string) outcome {
	start := time.Now()
	resp, err := client.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return outcome{err: err, took: time.Since(start)}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	o := outcome{status: resp.StatusCode, took: time.Since(start), err: err}
	if err == nil && !json.Valid(data) {
		o.notJSON = fmt.Sprintf("%.200s", data)
	}
	return o
}

func count(outs []outcome, status int) int {
	n := 0
	for _, o := range outs {
		if o.status == status {
			n++
		}
	}
	return n
}

// summary gives the statuses and the latencies of the answers.
func summary(outs []outcome) string {
	if len(outs) == 0 {
		return "none"
	}
	took := make([]time.Duration, len(outs))
	for i, o := range outs {
		took[i] = o.took
	}
	slices.Sort(took)
	q := func(p float64) time.Duration {
		return took[min(len(took)-1, int(p*float64(len(took))))].Round(time.Millisecond)
	}
	return fmt.Sprintf("%d requests: %d ok, %d busy (503), %d timed out (504); p50 %s, p99 %s, max %s",
		len(outs), count(outs, 200), count(outs, 503), count(outs, 504), q(0.5), q(0.99), took[len(took)-1].Round(time.Millisecond))
}

// rssMiB is the resident memory of this process, 0 where /proc is missing.
func rssMiB() int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb >> 10
		}
	}
	return 0
}

// watchRSS samples the resident memory until stop closes and returns the highest.
func watchRSS(stop <-chan struct{}) int {
	peak := rssMiB()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return max(peak, rssMiB())
		case <-tick.C:
			peak = max(peak, rssMiB())
		}
	}
}
