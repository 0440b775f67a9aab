package recorder

import (
	"strings"
	"testing"
)

func TestGeneratedClass(t *testing.T) {
	for c, want := range map[string]bool{
		"css-1x9f2k": true, "sc-bdVaJa": true, "Button_primary__3xk9q": true, "_3xk9q": true,
		"x1n2onr6": true, "svelte-1abc23x": true, "css-b7x2kd-Button": true, "jss-12": true,
		"btn": false, "primary": false, "col-md-12": false, "icon-24px": false, "mt-4": false,
		"btn-primary": false, "h1": false, "add": false, "is-active": false, "primary2": false,
		"Home_container__bCOhY": true, "Home_main__Abcde": true, "Home_main__kqzfe": true, "el-select__selected-item": false, "v-field__overlay": false, "card__title": false,
	} {
		if got := IsGeneratedClass(c); got != want {
			t.Errorf("IsGeneratedClass(%q) = %v, want %v", c, got, want)
		}
	}
}

func TestGeneratedID(t *testing.T) {
	for id, want := range map[string]bool{
		":r1:": true, "«r0»": true, "ember123": true, "12345": true, "mui-42": true,
		"0b6f1c2e-aaaa-4bbb-8ccc-123456789abc": true, "field-3xk9q": true, "el-id-4052-13": true, "cds-overflow-menu-3069bb141b50d8": true,
		"radix-:re:": true, "headlessui-menu-button-:r3:": true, "_r_1_": true, "radix-_r_a_": true,
		"username": false, "login-btn": false, "pay-frame": false, "row-2": false, "h2": false, "": false, "user_r_name": false, "form:rows:0:edit": false,
	} {
		if got := IsGeneratedID(id); got != want {
			t.Errorf("IsGeneratedID(%q) = %v, want %v", id, got, want)
		}
	}
}

func TestStateClass(t *testing.T) {
	for c, want := range map[string]bool{
		"ui-state-hover": true, "hover": true, "is-focused": true, "focus-visible": true, "active": true,
		"ui-tabs-active": true, "is-selected": true, "btn--pressed": true, "Mui-focusVisible": true, "isActive": true,
		"ui-state-highlight": true, "ui-accordion-header-collapsed": true, "ui-selectmenu-button-open": true,
		"ui-datepicker-days-cell-over": true, "show": true, "Mui-checked": true, "n-base-select-option--pending": true,
		"ag-active-item": true, "tabulator-editing": true, "is-dragging": true, "selected-row": true, "item-row": false,
		"btn": false, "ui-state-default": false, "activity": false, "hoverable": false, "nav-link": false,
		"selection": false, "popover": false, "btn-active-x": false, "showcase": false, "Button": false,
	} {
		if got := IsStateClass(c); got != want {
			t.Errorf("IsStateClass(%q) = %v, want %v", c, got, want)
		}
	}
}

// A day of a date picker, under the pointer as it is clicked, carries a
// hover class that makes it unique; the chosen day a selected class. No
// selector is built on either: on replay the pointer is elsewhere and
// another day is chosen.
func TestNoSelectorOnAStateClass(t *testing.T) {
	f := recordDrive(t, "variants/day-grid.html", "click \"#days a:nth-child(15)\"\nclick \"#days a:nth-child(26)\"\n")
	if len(f.Steps) != 2 {
		t.Fatalf("recorded %v", stepLines(f))
	}
	for i, s := range f.Steps {
		for _, st := range s.Target.Chain {
			if strings.Contains(st.Value, "hover") || strings.Contains(st.Value, "selected") {
				t.Errorf("step %d: %s strategy %q built on a state class", i+1, st.Type, st.Value)
			}
		}
		if fp := s.Target.Fingerprint; fp != nil && strings.Contains(fp.CSS, "hover") {
			t.Errorf("step %d: fingerprint CSS %q built on a state class", i+1, fp.CSS)
		}
	}
}
