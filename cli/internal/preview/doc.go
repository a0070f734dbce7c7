// Package preview is partlab serve's live preview of a site: it watches the
// scenario files, the site settings and the files pages use, has them
// computed and the site rendered again in memory when one changes, serves
// the last good render, and tells the open pages which of them changed over
// a Server-Sent Events stream, so that they reload. Pages it serves carry
// the live-reload script and, while there are problems, their overlay
// (templates/serve.html); nothing else renders those.
//
// It computes and renders nothing of its own: a scenario is computed by the
// function the command passes in (Config.Compute) and the site is rendered
// by package report/site, as render publishes it, whose naming and collision
// rule (site.PageNames) decides which pages it holds. It is not for writing
// a site to disk (report/site and report/publish), nor for flags and
// addresses (package cli).
//
// It lives under cli because serve is its one user, and it sits beside the
// command rather than beside report/site because what it adds — polling,
// the event stream, the overlay — belongs to a command that runs, not to
// the site a render writes.
//
// The parts: a watcher that the polling goroutine owns (which files, their
// stamps as last seen); the results of the last computations (each file's
// last good notebook and its current problems); the live render that every
// request reads, with the version that last changed each page; and the
// event streams, bounded in number, that wait on it.
package preview
