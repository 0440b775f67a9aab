package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/qa-chain/chainreplay/chain"
	"github.com/qa-chain/chainreplay/chromerec"
	"github.com/qa-chain/chainreplay/internal/atomicfile"
)

const convertUsage = `usage: recorder convert IN OUT
  IN.json  -> OUT.yaml|.yml   import a Chrome DevTools Recorder recording as a flow
  IN.yaml  -> OUT.json        export a flow as a Chrome DevTools Recorder recording
The format of each file is decided by its extension. What cannot be carried
over exactly is printed as a warning; nothing is dropped silently.`

// runConvert implements "recorder convert IN OUT": exit 0 on success, 2 on
// bad usage or an input that does not convert, 1 when OUT cannot be written.
func runConvert(args []string) int {
	return convert(args, os.Stdout, os.Stderr)
}

func convert(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		fmt.Fprintln(stdout, convertUsage)
		return 0
	}
	if len(args) != 2 {
		fmt.Fprintf(stderr, "recorder convert: want IN and OUT, got %d argument(s)\n%s\n", len(args), convertUsage)
		return 2
	}
	in, out := args[0], args[1]
	inKind, outKind := formatOf(in), formatOf(out)
	switch {
	case inKind == "":
		fmt.Fprintf(stderr, "recorder convert: %s: unknown extension %q (want .json for Chrome Recorder, .yaml or .yml for a flow)\n", in, filepath.Ext(in))
		return 2
	case outKind == "":
		fmt.Fprintf(stderr, "recorder convert: %s: unknown extension %q (want .json for Chrome Recorder, .yaml or .yml for a flow)\n", out, filepath.Ext(out))
		return 2
	case inKind == outKind:
		fmt.Fprintf(stderr, "recorder convert: %s and %s are both %s; convert goes from one format to the other\n", in, out, inKind)
		return 2
	}
	var (
		data  []byte
		warns []chromerec.Warning
		steps int
	)
	if inKind == "json" {
		f, w, err := chromerec.ReadFile(in)
		warns = w
		printWarnings(stderr, in, warns)
		if err != nil {
			fmt.Fprintf(stderr, "recorder convert: %v\n", err)
			return 2
		}
		if data, err = chain.Marshal(f); err != nil {
			fmt.Fprintf(stderr, "recorder convert: %v\n", err)
			return 1
		}
		steps = len(f.Steps)
	} else {
		f, err := chain.Load(in)
		if err != nil {
			fmt.Fprintf(stderr, "recorder convert: %v\n", err)
			return 2
		}
		f = inlineIncludes(f)
		data, warns, err = chromerec.Export(f)
		printWarnings(stderr, in, warns)
		if err != nil {
			fmt.Fprintf(stderr, "recorder convert: %s: %v\n", in, err)
			return 2
		}
		steps = len(f.Steps)
	}
	if err := atomicfile.Write(out, data, 0o644); err != nil {
		fmt.Fprintf(stderr, "recorder convert: write %s: %v\n", out, err)
		return 1
	}
	fmt.Fprintf(stdout, "recorder convert: wrote %s (%d flow steps, %d warnings)\n", out, steps, len(warns))
	return 0
}

func formatOf(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		return "json"
	case ".yaml", ".yml":
		return "yaml"
	}
	return ""
}

func printWarnings(w io.Writer, file string, warns []chromerec.Warning) {
	for _, x := range warns {
		fmt.Fprintf(w, "recorder convert: warning: %s: %s\n", file, x)
	}
}

// inlineIncludes returns f with each include step replaced by what replay
// does for it, as Chrome's recorder format has no includes: a navigate to
// the included flow's start URL (left out for a first step that starts
// where the flow does), then the included steps, their includes inlined
// in turn. A flow without include steps is returned as it is.
func inlineIncludes(f *chain.Flow) *chain.Flow {
	es := chain.Expand(f)
	if len(es) == len(f.Steps) {
		return f
	}
	out := *f
	out.Steps = make([]chain.Step, 0, len(es))
	for i, e := range es {
		if e.Step.Include == "" {
			out.Steps = append(out.Steps, *e.Step)
			continue
		}
		if inc := e.Step.Included; inc != nil && (i > 0 || inc.Flow.StartURL != f.StartURL) {
			out.Steps = append(out.Steps, chain.Step{Action: chain.Navigate, URL: inc.Flow.StartURL,
				Comment: "include: " + e.Step.Include})
		}
	}
	return &out
}
