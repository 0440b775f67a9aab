package snapshot

import "github.com/go-rod/rod/lib/proto"

func proto0() proto.TargetCreateTarget { return proto.TargetCreateTarget{URL: "about:blank"} }

func viewport(w, h int) *proto.EmulationSetDeviceMetricsOverride {
	return &proto.EmulationSetDeviceMetricsOverride{Width: w, Height: h, DeviceScaleFactor: 1}
}
