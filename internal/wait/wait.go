// Package wait holds the one way this module pauses: for a duration, or
// until a context ends, whichever comes first.
package wait

import (
	"context"
	"time"
)

// Sleep pauses for d, or until ctx ends: then it returns ctx.Err().
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
