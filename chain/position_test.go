package chain

import "testing"

func TestByPosition(t *testing.T) {
	for _, c := range []struct {
		s    Strategy
		want bool
	}{
		{Strategy{Type: CSS, Value: "div:nth-of-type(3) > div.caption"}, true},
		{Strategy{Type: CSS, Value: "li:nth-child(2) > span"}, true},
		{Strategy{Type: CSS, Value: "tr:nth-last-of-type(1) td"}, true},
		{Strategy{Type: CSS, Value: `div[data-target="#modal3"] > div.caption`}, false},
		{Strategy{Type: XPath, Value: "/html/body/section[1]/div"}, true},
		{Strategy{Type: XPath, Value: "(//li)[2]"}, true},
		{Strategy{Type: XPath, Value: `//div[@data-target="#modal3"]/div`}, false},
		{Strategy{Type: CSS, Value: "div.box", Hosts: []Strategy{{Type: CSS, Value: "x-picker:nth-of-type(2)"}}}, true},
		{Strategy{Type: CSS, Value: "div.box", Hosts: []Strategy{{Type: CSS, Value: "#speed"}}}, false},
		{Strategy{Type: Text, Value: "Item [2]"}, false},
	} {
		if got := c.s.ByPosition(); got != c.want {
			t.Errorf("%s %q (hosts %v): ByPosition = %v, want %v", c.s.Type, c.s.Value, c.s.Hosts, got, c.want)
		}
	}
}
