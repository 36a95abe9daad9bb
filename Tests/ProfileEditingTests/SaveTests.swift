import Foundation
import GestureProfiles
import Testing
@testable import ProfileEditing

/// Saving: atomic, the previous version kept, never over a file changed underneath, never a
/// text that does not load.
@Suite struct SaveTests {
    /// A fresh folder, removed afterwards.
    func withFolder(_ body: (String) throws -> Void) throws {
        let folder = NSTemporaryDirectory() + "tactus-editing-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    func read(_ path: String) -> String? { FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } }
    func write(_ text: String, _ path: String) { FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) }
    func files(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test func aSaveReplacesTheFileAndKeepsThePreviousVersion() throws {
        try withFolder { folder in
            let path = folder + "/config.yaml"
            write(Fixtures.handWritten, path)
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
            var document = try ProfileDocument.open(path: path)
            #expect(document.isValid)
            #expect(!document.isModified)
            try document.apply(.setSetting(path: ["tap", "maxMovement"], value: "14"))
            #expect(document.isModified)
            try document.save()
            #expect(read(path) == document.text)
            #expect(read(path + ".bak") == Fixtures.handWritten)
            #expect(files(folder) == ["config.yaml", "config.yaml.bak"])  // no temporary file left
            let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(permissions == 0o640)
            #expect(!document.isModified)
            // A second save: the backup is the version before it.
            let first = document.text
            try document.apply(.setFeedback(false))
            try document.save()
            #expect(read(path + ".bak") == first)
            #expect(ProfileLoader.load(yaml: read(path)!, path: path).errors.isEmpty)
        }
    }

    @Test func aFileChangedUnderneathIsNotOverwritten() throws {
        try withFolder { folder in
            let path = folder + "/config.yaml"
            write(Fixtures.handWritten, path)
            var document = try ProfileDocument.open(path: path)
            try document.apply(.setFeedback(false))
            let other = Fixtures.handWritten + "# edited in vim meanwhile\n"
            write(other, path)
            do {
                try document.save()
                Issue.record("saved over a file changed underneath")
            } catch {
                guard case ProfileSaveError.changedOnDisk(let current)? = error as? ProfileSaveError else { Issue.record("\(error)"); return }
                #expect(current == other)
            }
            #expect(read(path) == other)
            #expect(files(folder) == ["config.yaml"])
            // Told to: written, and what was there kept.
            try document.save(overwritingChanges: true)
            #expect(read(path) == document.text)
            #expect(read(path + ".bak") == other)
            // Removed underneath: refused as well.
            try FileManager.default.removeItem(atPath: path)
            try document.apply(.setFeedback(true))
            #expect(throws: ProfileSaveError.self) { try document.save() }
        }
    }

    @Test func aNewFileIsCreatedAndAnotherPathNotOverwritten() throws {
        try withFolder { folder in
            let path = folder + "/config.yaml"
            var document = try ProfileDocument.open(path: path)
            #expect(document.text == "")
            #expect(!document.isValid)
            #expect(throws: ProfileSaveError.self) { try document.save() }
            #expect(files(folder) == [])
            try document.apply(.addProfile(name: "desktop", matchClass: nil))
            try document.save()
            #expect(read(path) == "version: 1\nprofiles:\n  - name: desktop\n    match: any\n    gestures: []\n")
            #expect(files(folder) == ["config.yaml"])
            // Save as: not over an existing file unless told to.
            write("# someone's\n", folder + "/other.yaml")
            #expect(throws: ProfileSaveError.self) { try document.save(to: folder + "/other.yaml") }
            try document.save(to: folder + "/copy.yaml")
            #expect(document.path == folder + "/copy.yaml")
            #expect(read(folder + "/copy.yaml") == read(path))
        }
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/dotfiles", withIntermediateDirectories: true)
            write(Fixtures.handWritten, folder + "/dotfiles/tactus.yaml")
            try FileManager.default.createSymbolicLink(atPath: folder + "/config.yaml", withDestinationPath: folder + "/dotfiles/tactus.yaml")
            var document = try ProfileDocument.open(path: folder + "/config.yaml")
            try document.apply(.setSetting(path: ["target"], value: "focused"))
            try document.save()
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/config.yaml") == folder + "/dotfiles/tactus.yaml")
            #expect(read(folder + "/dotfiles/tactus.yaml") == document.text)
            #expect(read(folder + "/dotfiles/tactus.yaml.bak") == Fixtures.handWritten)
        }
    }

    @Test func whatCannotBeReadIsNeverOverwritten() throws {
        try withFolder { folder in
            let path = folder + "/config.yaml"
            FileManager.default.createFile(atPath: path, contents: Data([0x76, 0xFF, 0xFE, 0x0A]))
            #expect(throws: ProfileSaveError.self) { try ProfileDocument.open(path: path) }
            // A document made elsewhere, told not to mind changes: still not over unreadable bytes.
            var document = ProfileDocument(text: "version: 1\nprofiles: []\n", path: path, diskText: nil)
            #expect(throws: ProfileSaveError.self) { try document.save(overwritingChanges: true) }
            #expect(FileManager.default.contents(atPath: path) == Data([0x76, 0xFF, 0xFE, 0x0A]))
            // A FIFO or a folder in its place: not opened, not waited on.
            #expect(mkfifo(folder + "/fifo.yaml", 0o600) == 0)
            #expect(throws: ProfileSaveError.self) { try ProfileDocument.open(path: folder + "/fifo.yaml") }
            #expect(throws: ProfileSaveError.self) { try ProfileDocument.open(path: folder) }
        }
    }
}
