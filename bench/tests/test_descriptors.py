import unittest
from pathlib import Path

from bench.common import descriptors
from bench.tests.support import InTempDir


def image(root: Path, files: dict[str, str]) -> None:
    """An engine 'e' under root with a descriptor and profile files (config.ext=conf)."""
    (root / "e").mkdir()
    (root / "e" / descriptors.DESCRIPTOR).write_text("# comment\nport=1234\nconfig.ext=conf\nurl=jdbc:e://%s:%d/%s\n")
    for name, text in files.items():
        (root / "e" / name).write_text(text)


class DescriptorsTest(InTempDir):
    def test_every_descriptor_of_the_checkout_reads_as_key_value_lines(self):
        found = list(descriptors.IMAGES.glob(f"*/{descriptors.DESCRIPTOR}"))
        self.assertTrue(found)
        for f in found:
            d = descriptors.descriptor(f.parent.name)
            self.assertTrue(d["port"].isdigit(), f)
            self.assertIn("%d", d["url"], f)

    def test_a_descriptor_drops_comments_and_blank_lines(self):
        image(self.dir, {})
        self.assertEqual(descriptors.descriptor("e", self.dir),
                         {"port": "1234", "config.ext": "conf", "url": "jdbc:e://%s:%d/%s"})

    def test_versions_are_the_pinned_ones_default_first_each_with_its_base(self):
        image(self.dir, {})
        with (self.dir / "e" / descriptors.DESCRIPTOR).open("a") as f:
            f.write("versions=2.1, 1.9\nbase.2.1=e:2.1@sha256:00\nbase.1.9=e:1.9@sha256:00\n")
        self.assertEqual(descriptors.versions("e", self.dir), ["2.1", "1.9"])
        for f in descriptors.IMAGES.glob(f"*/{descriptors.DESCRIPTOR}"):
            d = descriptors.descriptor(f.parent.name)
            for v in descriptors.versions(f.parent.name):
                self.assertTrue(d[f"base.{v}"].split("@sha256:")[0].count(":"), f)

    def test_conf_settings_drop_comments_and_quotes_and_lower_names(self):
        text = "# a comment\nFsync = off  # trailing\nsynchronous_commit='off'\nno setting here\n"
        self.assertEqual(descriptors.conf_settings(text), {"fsync": "off", "synchronous_commit": "off"})

    def test_profiles_are_the_settings_their_files_set_apart(self):
        shared = "max_connections = 100\nshared_buffers = 1GB\n"
        image(self.dir, {"durable.conf": shared + "fsync = on\nsync = 'full'\n",
                          "relaxed.conf": shared + "fsync = off\nsync = 'off'\n"})
        self.assertEqual(descriptors.image_profiles("e", self.dir),
                         {"durable": {"fsync": "on", "sync": "full"}, "relaxed": {"fsync": "off", "sync": "off"}})

    def test_a_profile_file_without_a_differing_setting_is_an_error_naming_it(self):
        image(self.dir, {"durable.conf": "fsync = on\n", "relaxed.conf": "fsync = off\ndelay = 500\n"})
        with self.assertRaisesRegex(ValueError, r"images/e/durable.conf does not set delay"):
            descriptors.image_profiles("e", self.dir)


if __name__ == "__main__":
    unittest.main()
