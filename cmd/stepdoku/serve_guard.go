package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// The server's guards against the browser it serves and the network it listens on:
// the Host check (DNS rebinding), JSON-only POSTs (no cross-origin form or text/plain
// POST gets through), headers that keep the app's pages from being framed or sniffed,
// a strict decoder, and a cap on open connections.

// contentSecurityPolicy goes on every answer, the app's files included. The app loads
// its own script and style only and draws server-made SVG without inline styles.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// hostPolicy says which Host headers the server answers. A DNS rebinding attack
// reaches a loopback server under the attacker's own name, so names are checked;
// an IP literal cannot be rebound.
type hostPolicy struct {
	any   bool            // --allow-host '*': no check
	names map[string]bool // lower-case names without port
	anyIP bool            // bound to every interface: any IP literal is this machine's
	ips   []net.IP        // the bound address, and loopback ones when bound to loopback
}

// newHostPolicy allows the bound address ln (and, on loopback, "localhost" and the
// loopback addresses) plus the names of --allow-host; "*" among them allows any.
func newHostPolicy(bound net.Addr, allow []string) hostPolicy {
	p := hostPolicy{names: map[string]bool{}}
	for _, a := range allow {
		a = strings.ToLower(strings.TrimSpace(a))
		switch {
		case a == "*":
			p.any = true
		case a != "":
			p.names[strings.Trim(a, "[]")] = true
		}
	}
	ip := net.IPv4(127, 0, 0, 1)
	if ta, ok := bound.(*net.TCPAddr); ok && ta.IP != nil {
		ip = ta.IP
	}
	switch {
	case ip.IsUnspecified():
		p.anyIP = true
		p.names["localhost"] = true
	case ip.IsLoopback():
		p.ips = append(p.ips, ip, net.IPv4(127, 0, 0, 1), net.IPv6loopback)
		p.names["localhost"] = true
	default:
		p.ips = append(p.ips, ip)
	}
	return p
}

func (p hostPolicy) allows(host string) bool {
	if p.any {
		return true
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.ToLower(strings.Trim(host, "[]"))
	if host == "" {
		return false
	}
	if ip := net.ParseIP(host); ip != nil {
		return p.anyIP || slices.ContainsFunc(p.ips, ip.Equal)
	}
	return p.names[strings.TrimSuffix(host, ".")]
}

// guard sets the security headers on every answer and refuses a Host this server
// does not answer to.
func guard(h http.Handler, hosts hostPolicy) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Content-Security-Policy", contentSecurityPolicy)
		hd.Set("Referrer-Policy", "no-referrer")
		if !hosts.allows(r.Host) {
			writeError(w, http.StatusForbidden, fmt.Sprintf("Host %q is not an address of this server; start serve with --allow-host to accept that name", r.Host))
			return
		}
		if !utf8.ValidString(r.URL.Path) {
			// No file or API has such a name, and the file server answered it 500.
			writeError(w, http.StatusBadRequest, "the path is not valid UTF-8")
			return
		}
		h.ServeHTTP(w, r)
	})
}

// jsonContentType says why a POST's Content-Type is not JSON, or "" when it is.
// Browsers send text/plain and form types cross-origin without asking first; a JSON
// POST from another origin needs a preflight this server never grants.
func jsonContentType(r *http.Request) string {
	ct := r.Header.Get("Content-Type")
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != "application/json" {
		return fmt.Sprintf("Content-Type %q: the API takes application/json", ct)
	}
	return ""
}

// decodeStrict decodes the JSON object data into v, refusing what encoding/json lets
// through: a key in another case than the field's ("Puzzle" for "puzzle"), a key twice,
// a key this call does not take, and anything after the object.
func decodeStrict(data []byte, v any, fields []string) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("want a JSON object")
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string) // an object key is a string, or Token fails
		switch {
		case seen[key]:
			return fmt.Errorf("field %q given twice", key)
		case !slices.Contains(fields, key):
			if i := slices.IndexFunc(fields, func(f string) bool { return strings.EqualFold(f, key) }); i >= 0 {
				return fmt.Errorf("unknown field %q (field names are lower case: %q)", key, fields[i])
			}
			return fmt.Errorf("unknown field %q (this call takes %s)", key, strings.Join(fields, ", "))
		}
		seen[key] = true
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON object")
	}
	strict := json.NewDecoder(bytes.NewReader(data))
	strict.DisallowUnknownFields()
	return strict.Decode(v)
}

// limitListener accepts at most cap(slots) connections at once: the next Accept waits
// until one closes, so slow clients cannot use up the process's file descriptors.
// (golang.org/x/net/netutil.LimitListener, without the dependency.)
type limitListener struct {
	net.Listener
	slots     chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

func newLimitListener(ln net.Listener, n int) *limitListener {
	return &limitListener{Listener: ln, slots: make(chan struct{}, n), done: make(chan struct{})}
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.slots }}, nil
}

func (l *limitListener) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

// limitConn gives its slot back once, however often it is closed.
type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
