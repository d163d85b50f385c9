import { describe, expect, it } from "vitest";
import { networkOf } from "./client-ip.server";

describe("the network a client address is counted under", () => {
  it("is the address itself for IPv4, and for an IPv4-mapped IPv6 address its IPv4 address", () => {
    expect(networkOf("198.51.100.7")).toBe("198.51.100.7");
    expect(networkOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(networkOf("::FFFF:c633:6407")).toBe("198.51.100.7");
  });

  it("is the /64 for IPv6, however the address is written", () => {
    const net = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:abcd:ef01:2345:6789",
      "2001:DB8:1:2::ffff",
      "2001:db8:1:2::1%eth0",
    ])
      expect(networkOf(ip)).toBe(net);
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("2001:db8:1:3::1")).not.toBe(net);
  });

  it("keeps anything that is not an address as it is", () => {
    expect(networkOf("unknown")).toBe("unknown");
    expect(networkOf("")).toBe("unknown");
  });
});
