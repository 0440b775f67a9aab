package chain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func backupFlow(name string) *Flow {
	return &Flow{Version: Version, Name: name, StartURL: "http://127.0.0.1:8080/a.html",
		Steps: []Step{{Action: Click, Target: &Target{Chain: []Strategy{{Type: ID, Value: "go", Confidence: 0.9}}}}}}
}

func TestSaveWithBackupKeepsTheOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "flow.yaml")
	old := []byte("# hand-edited, comments and all\n" + mustMarshal(t, backupFlow("old")))
	if err := os.WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := SaveWithBackup(path, backupFlow("new")); err != nil {
		t.Fatal(err)
	}
	bak, err := os.ReadFile(path + BackupSuffix)
	if err != nil {
		t.Fatalf("no backup: %v", err)
	}
	if string(bak) != string(old) {
		t.Errorf("the backup is not the old file byte for byte:\n%s", bak)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "new" {
		t.Errorf("flow at path is %q, want new", f.Name)
	}
	for _, p := range []string{path, path + BackupSuffix} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want the old file's 0600", filepath.Base(p), st.Mode().Perm())
		}
	}
	// A second save replaces the backup with the flow just replaced.
	if err := SaveWithBackup(path, backupFlow("newer")); err != nil {
		t.Fatal(err)
	}
	b, err := Load(path + BackupSuffix)
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "new" {
		t.Errorf("second backup holds %q, want new", b.Name)
	}
	assertNoTemp(t, dir)
}

func TestSaveWithBackupWithoutOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "flow.yaml")
	if err := SaveWithBackup(path, backupFlow("first")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + BackupSuffix); !os.IsNotExist(err) {
		t.Errorf("a backup was made of nothing: %v", err)
	}
	if f, err := Load(path); err != nil || f.Name != "first" {
		t.Errorf("Load = %v, %v", f, err)
	}
}

func TestSaveWithBackupRefusesAnInvalidFlow(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "flow.yaml")
	old := mustMarshal(t, backupFlow("old"))
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := backupFlow("bad")
	bad.Steps[0].Target.Chain[0].Confidence = 2
	err := SaveWithBackup(path, bad)
	if err == nil || !strings.Contains(err.Error(), "confidence") {
		t.Fatalf("err = %v, want the validation problem", err)
	}
	if got, _ := os.ReadFile(path); string(got) != old {
		t.Errorf("the old file changed")
	}
	if _, err := os.Stat(path + BackupSuffix); !os.IsNotExist(err) {
		t.Errorf("a refused save left a backup: %v", err)
	}
	assertNoTemp(t, dir)
}

func TestSaveWithBackupLeavesTheOldFileWhenTheBackupFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "flow.yaml")
	old := mustMarshal(t, backupFlow("old"))
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	// A directory where the backup should go makes the backup's rename fail.
	if err := os.Mkdir(path+BackupSuffix, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path+BackupSuffix, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := SaveWithBackup(path, backupFlow("new")); err == nil {
		t.Fatal("no error when the backup cannot be written")
	}
	if got, _ := os.ReadFile(path); string(got) != old {
		t.Errorf("the flow was replaced although its backup failed")
	}
	assertNoTemp(t, dir)
}

func mustMarshal(t *testing.T, f *Flow) string {
	t.Helper()
	b, err := Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}
