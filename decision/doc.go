// Package decision evaluates a step's chain in confidence order, picks the
// element or refuses (a safe failure beats acting on the wrong element), and
// performs the step's action with DevTools input events.
//
// It orchestrates the strategies and the page; it does not read or write
// files.
package decision
