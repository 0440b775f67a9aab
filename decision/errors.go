package decision

import (
	"errors"
	"fmt"

	"github.com/qa-chain/chainreplay/report"
)

// StepError is why a step failed, with the report's error code. Callers
// branch on Code.
type StepError struct {
	Code report.Code
	Msg  string
	Err  error
}

func (e *StepError) Error() string {
	if e.Err != nil && e.Msg == "" {
		return fmt.Sprintf("%s: %v", e.Code, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Msg)
}

func (e *StepError) Unwrap() error { return e.Err }

// Message is the human part of the error, without the code.
func (e *StepError) Message() string {
	if e.Msg != "" {
		return e.Msg
	}
	if e.Err != nil {
		return e.Err.Error()
	}
	return string(e.Code)
}

func stepErr(code report.Code, err error, format string, args ...any) *StepError {
	return &StepError{Code: code, Msg: fmt.Sprintf(format, args...), Err: err}
}

// CodeOf returns the report code of err: its StepError's, CDP_ERROR for any
// other error, "" for nil.
func CodeOf(err error) report.Code {
	if err == nil {
		return ""
	}
	var se *StepError
	if errors.As(err, &se) {
		return se.Code
	}
	return report.CDPError
}
